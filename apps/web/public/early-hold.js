// Holds a prerendered page's submits and records its typing until the app owns it: src/app/early-input.ts.
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
  const listen = (method) => {
    d[method]('input', onInput, true);
    d[method]('change', onInput, true);
    d[method]('submit', onSubmit, true);
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
    const work = { typed: [...typed].map(([field, entry]) => ({ field, ...entry })), held: hold.held };
    typed.clear();
    hold.held = undefined;
    return work;
  };
  listen('addEventListener');
  window.__earlyHold = hold;
})();
