/** Classes the header's parts share (Header, its lazily loaded account tools and small-screen menu). */
export const iconButtonClasses = 'inline-flex size-11 items-center justify-center rounded-control text-ink-800 hover:bg-primary-50';
