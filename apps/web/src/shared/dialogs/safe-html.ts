/**
 * Dialog subtitles are HTML (spec §2 items 2 and 4). They come from our own texts, but are still reduced to
 * a few formatting tags so a server-provided string can never run script or load anything.
 */
const ALLOWED_TAGS = new Set([
  'B',
  'STRONG',
  'I',
  'EM',
  'U',
  'BR',
  'P',
  'SPAN',
  'UL',
  'OL',
  'LI',
  'A',
  'SMALL',
]);

export function sanitizeHtml(html: string): string {
  const template = document.createElement('template');
  template.innerHTML = html;
  clean(template.content);
  return template.innerHTML;
}

function clean(node: Node): void {
  for (const child of Array.from(node.childNodes)) {
    if (child.nodeType === Node.ELEMENT_NODE) {
      const element = child as Element;
      if (!ALLOWED_TAGS.has(element.tagName)) {
        if (['SCRIPT', 'STYLE', 'IFRAME', 'OBJECT', 'TEMPLATE'].includes(element.tagName)) {
          element.remove();
          continue;
        }
        clean(element);
        element.replaceWith(...Array.from(element.childNodes));
        continue;
      }
      for (const attribute of Array.from(element.attributes)) {
        const keep =
          element.tagName === 'A' && attribute.name === 'href' && /^(https?:|mailto:)/i.test(attribute.value);
        if (!keep) element.removeAttribute(attribute.name);
      }
      if (element.tagName === 'A') {
        element.setAttribute('target', '_blank');
        element.setAttribute('rel', 'noopener noreferrer');
      }
      clean(element);
    } else if (child.nodeType !== Node.TEXT_NODE) {
      child.remove();
    }
  }
}
