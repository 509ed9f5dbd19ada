// Starts a prerendered page's JavaScript once the page has been parsed and painted (build-prerender.ts,
// `pageHtml`, which lists the entry and its module preloads in #deferred-modules instead of the head's
// tags). Run inline in the head after the list, with the hold of early input (public/early-hold.js).
(() => {
  const d = document;
  const list = d.getElementById('deferred-modules');
  if (!list) return;
  const { entry, preload } = JSON.parse(list.textContent);
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const href of preload) {
      const link = d.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      d.head.append(link);
    }
    const script = d.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    d.head.append(script);
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
