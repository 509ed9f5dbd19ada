// Holds a submit on a prerendered page until src/app/early-input.ts takes it over (build-prerender.ts).
(() => {
  const h = {};
  window.__earlyHold = h;
  h.listener = (e) => {
    if (e.target?.tagName !== 'FORM') return;
    e.preventDefault();
    e.stopImmediatePropagation();
    h.form = e.target;
    h.submitter = e.submitter || null;
  };
  document.addEventListener('submit', h.listener, true);
})();
