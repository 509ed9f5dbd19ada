// Starts a prerendered page's JavaScript once the page has been parsed and painted (build-prerender.ts,
// `pageHtml`, which lists the entry and its module preloads in #deferred-modules instead of the head's
// tags). Run inline in the head after the list, with the hold of early input (public/early-hold.js).
(() => {
  const d = document;
  const list = d.getElementById('deferred-modules');
  if (!list) return;
  const { entry, preload } = JSON.parse(list.textContent);
  let started = false;
  const add = (tag, props) => d.head.append(Object.assign(d.createElement(tag), { crossOrigin: '' }, props));
  // Each preload costs the main thread its request as it is added (about 2 ms at a phone's speed): a
  // product page's 57 in one go were a 118 ms task. The first few and the entry go at once, the rest a few
  // per task, so a tap or a frame gets in between; the entry's own imports share their requests.
  const BATCH = 8;
  let next = 0;
  const preloadSome = () => {
    for (const end = Math.min(next + BATCH, preload.length); next < end; next++)
      add('link', { rel: 'modulepreload', href: preload[next] });
  };
  const rest = () => {
    preloadSome();
    if (next < preload.length) setTimeout(rest, 0);
  };
  const start = () => {
    if (started) return;
    started = true;
    preloadSome();
    add('script', { type: 'module', src: entry });
    if (next < preload.length) setTimeout(rest, 0);
  };
  // The second animation frame comes after the first has been painted; a tab in the background paints no
  // frame, so half a second at most.
  const afterPaint = () => {
    requestAnimationFrame(() => requestAnimationFrame(start));
    setTimeout(start, 500);
  };
  if (d.readyState === 'loading') d.addEventListener('DOMContentLoaded', afterPaint, { once: true });
  else afterPaint();
})();
