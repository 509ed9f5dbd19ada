/**
 * A prerendered page paints with the rules its markup uses, inlined; its whole stylesheets are linked at
 * the end of the body for print (build-prerender.ts), so that neither the first paint nor the scripts
 * wait for them. The entry calls this before it draws anything: each is applied to the screen once it
 * has arrived (or failed: the page is then drawn as it would have been with a stylesheet missing), and
 * the promise settles when they all are, so what the app draws is never drawn unstyled.
 */
export function applyFullStylesheets(doc: Document = document): Promise<void> {
  const links = [...doc.querySelectorAll<HTMLLinkElement>('link[data-full-css]')];
  return Promise.all(
    links.map(
      (link) =>
        new Promise<void>((resolve) => {
          const apply = () => {
            link.media = 'all';
            resolve();
          };
          // `sheet` is set once the stylesheet has arrived (a cached one may have before this runs).
          if (link.sheet) return apply();
          link.addEventListener('load', apply, { once: true });
          link.addEventListener('error', apply, { once: true });
        }),
    ),
  ).then(() => undefined);
}
