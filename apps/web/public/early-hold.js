// Holds a prerendered page's submits and records its typing and its last tap on a button until the app
// owns it: src/app/early-input.ts.
(() => {
  const d = document;
  const FIELDS = '#root input, #root textarea';
  const at = (node, selector, scope = d) => [...scope.querySelectorAll(selector)].indexOf(node);
  const typed = new Map();
  const hold = { typed, path: location.pathname };
  const record = (field) => {
    if (field.matches?.(FIELDS))
      typed.set(field, { index: at(field, FIELDS), value: field.value, checked: field.checked });
  };
  const onInput = (event) => record(event.target);
  const onSubmit = (event) => {
    const form = event.target;
    if (location.pathname !== hold.path) return hold.end();
    if (!form.matches?.('#root form')) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    const submitter = event.submitter ?? null;
    hold.held = {
      form,
      index: at(form, '#root form'),
      submitter,
      submitterIndex: submitter ? at(submitter, 'button, input', form) : -1,
    };
  };
  const onClick = (event) => {
    // From hydrateRoot on, React listens: it hydrates what was tapped at once and handles the tap itself.
    if (hold.rooted) return;
    const button = event.target.closest?.('#root button');
    // A form's submit button submits it: that submit is held above.
    if (!button || (button.type === 'submit' && button.form)) return;
    hold.clicked = { button, index: at(button, '#root button') };
  };
  const listen = (method) => {
    d[method]('input', onInput, true);
    d[method]('change', onInput, true);
    d[method]('submit', onSubmit, true);
    d[method]('click', onClick, true);
  };
  hold.scan = () => {
    for (const field of d.querySelectorAll(FIELDS)) {
      const toggle = field.type === 'checkbox' || field.type === 'radio';
      if (toggle ? field.checked !== field.defaultChecked : field.value !== field.defaultValue) record(field);
    }
  };
  hold.end = () => {
    listen('removeEventListener');
    window.__earlyHold = undefined;
    const work = {
      typed: [...typed].map(([field, entry]) => ({ field, ...entry })),
      held: hold.held,
      clicked: hold.clicked,
    };
    typed.clear();
    hold.held = undefined;
    hold.clicked = undefined;
    return work;
  };
  listen('addEventListener');
  window.__earlyHold = hold;
})();
