/**
 * The data the current page asks for first (its route's `prefetch`, web/src/app/router.tsx) and its module. The
 * shell's own extras that the page does not need (the header's account tools and their dropdown library) load once
 * they have arrived and a frame has shown them, so they do not compete with the page's largest paint
 * (docs/architecture-decisions.md, "The canvas's first load").
 */
let pageData: Promise<unknown> = Promise.resolve();

/** The router notes the page's module and its prefetch as the guard lets the visit through. */
export function notePageData(loading: Promise<unknown>): void {
  pageData = loading.catch(() => undefined);
}

/** Resolves once the page's module and first data have arrived (or failed) and the next frame has been painted. */
export function afterPageData(): Promise<void> {
  return pageData.then(() => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
}
