import { afterEach, describe, expect, it } from 'vitest';
import { applyFullStylesheets } from './full-stylesheets.ts';

function linked(href: string): HTMLLinkElement {
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = href;
  link.media = 'print';
  link.setAttribute('data-full-css', '');
  document.body.append(link);
  return link;
}

afterEach(() => {
  for (const link of document.querySelectorAll('link')) link.remove();
});

describe('applyFullStylesheets', () => {
  it('applies each stylesheet to the screen once it has arrived, and settles when they all have', async () => {
    const first = linked('/assets/index.css');
    const second = linked('/assets/login.css');
    let settled = false;
    const applied = applyFullStylesheets().then(() => {
      settled = true;
    });
    first.dispatchEvent(new Event('load'));
    await Promise.resolve();
    expect(first.media).toBe('all');
    expect(second.media).toBe('print');
    expect(settled).toBe(false);
    second.dispatchEvent(new Event('error'));
    await applied;
    expect(second.media).toBe('all');
  });

  it('leaves other stylesheets alone and settles at once when the page has none of its own', async () => {
    const other = document.createElement('link');
    other.rel = 'stylesheet';
    other.media = 'print';
    document.body.append(other);
    await applyFullStylesheets();
    expect(other.media).toBe('print');
  });
});
