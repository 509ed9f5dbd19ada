/**
 * The page a server draws with its data: its template made from the built page, the drawn markup in #root
 * and the data beside it in a JSON script no text of the data can break out of.
 */
import { describe, expect, it } from 'vitest';
import {
  fillTemplate,
  jsonForScript,
  PAGE_DATA_ID,
  PAGE_PLACEHOLDER,
  RESTATED_PLACEHOLDER,
  templateOf,
} from './markup.ts';

const skeleton = '<main><style>.a{color:red}</style><div aria-busy="true"></div></main>';
/** A built page as build-prerender.ts writes it: the markup in #root, its style tags stated again last. */
const built = `<!doctype html><html><head><link rel="preload" as="image" href="/logo.svg"/></head><body><div id="root" data-prerendered="verificar/:code">${skeleton}</div><link rel="stylesheet" href="/a.css" media="print"><style>.a{color:red}</style></body></html>`;

describe('a page drawn with its data', () => {
  it('is the built page with its markup and its restated styles taken out of the template', () => {
    const template = templateOf(built, skeleton);
    expect(template).toBe(
      `<!doctype html><html><head><link rel="preload" as="image" href="/logo.svg"/></head><body><div id="root" data-prerendered="verificar/:code">${PAGE_PLACEHOLDER}</div><link rel="stylesheet" href="/a.css" media="print">${RESTATED_PLACEHOLDER}</body></html>`,
    );
  });

  it('holds the drawn markup in #root, its own style tags after the stylesheets and its data beside #root', () => {
    const drawn =
      '<link rel="preload" as="image" href="/logo.svg"/><main><style>.b{color:blue}</style><h1>Vigente</h1></main>';
    const page = fillTemplate(templateOf(built, skeleton), drawn, [{ key: ['a'], data: 1 }]);
    expect(page).toContain(
      `<div id="root" data-prerendered="verificar/:code"><main><style>.b{color:blue}</style><h1>Vigente</h1></main></div><script type="application/json" id="${PAGE_DATA_ID}">[{"key":["a"],"data":1}]</script>`,
    );
    // The hint already in the head is not repeated; the styles stated again are the drawn page's own.
    expect(page.match(/logo\.svg/g)).toHaveLength(1);
    expect(page).toMatch(/media="print"><style>\.b\{color:blue\}<\/style><\/body>/);
    expect(page).not.toContain('color:red');
  });

  it('writes its data so that no text in it ends the script or opens a comment, and reads back the same', () => {
    const data = { name: '</script><script>alert(1)</script><!-- x', amount: '$ 1.000' };
    const json = jsonForScript(data);
    expect(json).not.toContain('<');
    expect(JSON.parse(json)).toEqual(data);
    const page = fillTemplate(templateOf(built, skeleton), '<main></main>', data);
    expect(page.match(/<\/script>/g)).toHaveLength(1);
  });

  it('refuses a template without its placeholders', () => {
    expect(() => fillTemplate(built, '<main></main>', [])).toThrow(/placeholder/);
  });
});
