/**
 * src/prerender/deferred-modules.js, the part of a prerendered page's inline script that starts its
 * JavaScript (build-prerender.ts, `pageHtml`): nothing is asked for before the page is parsed and its first
 * frame painted; then the preloads in order and the entry, once, a long list of preloads a few per task.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import loader from './deferred-modules.js?raw';

const LIST = { entry: '/assets/index-a1.js', preload: ['/assets/framework-b2.js', '/assets/login-c3.js'] };

/** What the page's head asks for: each module link and script, in order. */
const asked = () =>
  [...document.head.querySelectorAll('link[rel="modulepreload"], script[type="module"]')].map(
    (node) =>
      `${node.tagName.toLowerCase()} ${node.getAttribute('href') ?? node.getAttribute('src')}${node.hasAttribute('crossorigin') ? ' crossorigin' : ''}`,
  );

let frames: FrameRequestCallback[] = [];
const paintFrame = () => {
  const due = frames;
  frames = [];
  for (const callback of due) callback(performance.now());
};

/** The head as the other test files of this worker left it (they share its document): put back after each. */
let headBefore: Element[] = [];

beforeEach(() => {
  // Timeouts only: faked too, the animation frames would be restored to the fake clock's when the stub
  // below is undone after the real timers (and every later file of this worker would wait on them).
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  frames = [];
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
  headBefore = [...document.head.children];
  const list = document.createElement('script');
  list.type = 'application/json';
  list.id = 'deferred-modules';
  list.textContent = JSON.stringify(LIST);
  document.head.append(list);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  for (const node of [...document.head.children]) if (!headBefore.includes(node)) node.remove();
});

describe("a prerendered page's JavaScript", () => {
  it('is asked for after the first frame has been painted, the preloads first, each once', () => {
    new Function(loader)();
    expect(asked()).toEqual([]);
    paintFrame();
    // The first frame's callback runs before that frame is painted: still nothing.
    expect(asked()).toEqual([]);
    paintFrame();
    expect(asked()).toEqual([
      'link /assets/framework-b2.js crossorigin',
      'link /assets/login-c3.js crossorigin',
      'script /assets/index-a1.js crossorigin',
    ]);
    vi.advanceTimersByTime(1000);
    paintFrame();
    expect(asked()).toHaveLength(3);
  });

  it('adds a long list of preloads a few per task after the first ones and the entry, each once', () => {
    const many = Array.from({ length: 20 }, (_, n) => `/assets/chunk-${n}.js`);
    const list = document.getElementById('deferred-modules');
    if (list) list.textContent = JSON.stringify({ entry: LIST.entry, preload: many });
    new Function(loader)();
    paintFrame();
    paintFrame();
    // The task that starts them: eight preloads and the entry, not the twenty (about 2 ms each on a phone).
    expect(asked()).toEqual([
      ...many.slice(0, 8).map((href) => `link ${href} crossorigin`),
      `script ${LIST.entry} crossorigin`,
    ]);
    vi.advanceTimersToNextTimer();
    expect(asked()).toHaveLength(17);
    vi.advanceTimersToNextTimer();
    expect(asked()).toHaveLength(21);
    vi.advanceTimersByTime(1000);
    paintFrame();
    expect(new Set(asked()).size).toBe(21);
    expect(asked()).toHaveLength(21);
  });

  it('is asked for within half a second when no frame is painted (a tab in the background)', () => {
    new Function(loader)();
    vi.advanceTimersByTime(499);
    expect(asked()).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(asked()).toHaveLength(3);
  });

  it('waits for the page to be parsed when the script runs in its head', () => {
    const state = vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    new Function(loader)();
    vi.advanceTimersByTime(1000);
    paintFrame();
    paintFrame();
    expect(asked()).toEqual([]);
    state.mockReturnValue('interactive');
    document.dispatchEvent(new Event('DOMContentLoaded'));
    paintFrame();
    paintFrame();
    expect(asked()).toHaveLength(3);
  });

  it('asks for nothing on a page without the list', () => {
    document.getElementById('deferred-modules')?.remove();
    new Function(loader)();
    vi.advanceTimersByTime(1000);
    paintFrame();
    paintFrame();
    expect(asked()).toEqual([]);
  });
});
