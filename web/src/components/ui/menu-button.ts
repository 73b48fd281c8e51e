/** The menu button's look, shared by Menu and the place LazyMenu holds for it while its code loads. */
export const menuButtonClasses =
  'inline-flex items-center gap-1 rounded-control px-3 py-2 font-medium text-ink-800 hover:bg-primary-50 data-open:bg-primary-50';
