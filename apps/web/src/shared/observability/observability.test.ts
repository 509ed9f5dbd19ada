import { describe, expect, it } from 'vitest';
import { debugMode, HELD_CALLS_MAX, silenceConsole, silenceConsoleUntilIdle } from './console.ts';
import {
  loadThirdPartyScripts,
  type ScriptQueues,
  SESSION_RECORDING_RATE,
  sampledVisit,
} from './third-party.ts';

function memoryStore(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
  };
}

const IDS = { analytics_id: 'G-AB12CD34', tag_manager_id: 'GTM-WX9YZ8', session_recording_id: 'k2abc9xyz' };

function sources(doc: Document) {
  return [...doc.querySelectorAll('script')].map((script) => script.src);
}

describe('production-only scripts', () => {
  it('loads nothing outside a production build, even with every id', () => {
    const doc = document.implementation.createHTMLDocument();
    expect(loadThirdPartyScripts({ production: false, ids: IDS, doc, win: {}, sampled: () => true })).toEqual(
      [],
    );
    expect(sources(doc)).toEqual([]);
  });

  it('loads nothing in production without ids', () => {
    const doc = document.implementation.createHTMLDocument();
    const ids = { analytics_id: null, tag_manager_id: null, session_recording_id: null };
    expect(loadThirdPartyScripts({ production: true, ids, doc, win: {}, sampled: () => true })).toEqual([]);
    expect(sources(doc)).toEqual([]);
  });

  it('adds each configured script once, as an external element, with its queue', () => {
    const doc = document.implementation.createHTMLDocument();
    const win: ScriptQueues = {};
    const loaded = loadThirdPartyScripts({ production: true, ids: IDS, doc, win, sampled: () => true });
    expect(loaded).toEqual(['analytics', 'tags', 'session-recording']);
    loadThirdPartyScripts({ production: true, ids: IDS, doc, win, sampled: () => true });
    expect(sources(doc)).toEqual([
      'https://www.googletagmanager.com/gtag/js?id=G-AB12CD34',
      'https://www.googletagmanager.com/gtm.js?id=GTM-WX9YZ8',
      'https://www.clarity.ms/tag/k2abc9xyz',
    ]);
    expect(doc.querySelectorAll('script:not([src])')).toHaveLength(0);
    expect(win.dataLayer).toContainEqual(['config', 'G-AB12CD34']);
    expect(typeof win.clarity).toBe('function');
  });

  it('records a visit that is not sampled: no Clarity script', () => {
    const doc = document.implementation.createHTMLDocument();
    const loaded = loadThirdPartyScripts({ production: true, ids: IDS, doc, win: {}, sampled: () => false });
    expect(loaded).toEqual(['analytics', 'tags']);
    expect(sources(doc).some((src) => src.includes('clarity'))).toBe(false);
  });
});

describe('session recording sample (40% of visits)', () => {
  it('records below the rate and not from it up, and keeps the answer for the whole visit', () => {
    expect(SESSION_RECORDING_RATE).toBe(0.4);
    expect(sampledVisit(0.4, () => 0.39, memoryStore())).toBe(true);
    expect(sampledVisit(0.4, () => 0.4, memoryStore())).toBe(false);
    expect(sampledVisit(0.4, () => 0.41, memoryStore())).toBe(false);
    const visit = memoryStore();
    expect(sampledVisit(0.4, () => 0.1, visit)).toBe(true);
    expect(sampledVisit(0.4, () => 0.9, visit)).toBe(true);
    const other = memoryStore();
    expect(sampledVisit(0.4, () => 0.9, other)).toBe(false);
    expect(sampledVisit(0.4, () => 0.1, other)).toBe(false);
  });

  it('samples about 40% of many visits', () => {
    let recorded = 0;
    let seed = 7;
    const random = () => {
      seed = (seed * 16_807) % 2_147_483_647;
      return seed / 2_147_483_647;
    };
    for (let i = 0; i < 10_000; i += 1) if (sampledVisit(0.4, random, memoryStore())) recorded += 1;
    expect(recorded / 10_000).toBeGreaterThan(0.38);
    expect(recorded / 10_000).toBeLessThan(0.42);
  });
});

describe('console output', () => {
  function fakeConsole() {
    const calls: string[] = [];
    const target = {
      log: () => calls.push('log'),
      info: () => calls.push('info'),
      debug: () => calls.push('debug'),
      warn: () => calls.push('warn'),
      error: () => calls.push('error'),
    } as unknown as Console;
    return { target, calls };
  }

  it('is silenced in production unless debug mode is on; errors always show', () => {
    const quiet = fakeConsole();
    expect(silenceConsole({ production: true, debug: false, target: quiet.target })).toBe(true);
    quiet.target.log('x');
    quiet.target.info('x');
    quiet.target.debug('x');
    quiet.target.warn('x');
    quiet.target.error('x');
    expect(quiet.calls).toEqual(['error']);

    for (const options of [
      { production: true, debug: true },
      { production: false, debug: false },
    ]) {
      const loud = fakeConsole();
      expect(silenceConsole({ ...options, target: loud.target })).toBe(false);
      loud.target.log('x');
      loud.target.warn('x');
      expect(loud.calls).toEqual(['log', 'warn']);
    }
  });

  it('in production holds the output until debug mode is read, later: replayed in debug mode, dropped otherwise', () => {
    for (const debug of [true, false]) {
      const seen = fakeConsole();
      const later: Array<() => void> = [];
      let reads = 0;
      silenceConsoleUntilIdle({
        production: true,
        target: seen.target,
        debug: () => {
          reads += 1;
          return debug;
        },
        later: (task) => later.push(task),
      });
      seen.target.warn('early');
      seen.target.log('early');
      seen.target.error('x');
      // Nothing read in the entry's task, nothing said but errors.
      expect(reads).toBe(0);
      expect(seen.calls).toEqual(['error']);
      expect(later).toHaveLength(1);
      later[0]!();
      expect(reads).toBe(1);
      expect(seen.calls).toEqual(debug ? ['error', 'warn', 'log'] : ['error']);
      seen.target.info('after');
      seen.target.debug('after');
      expect(seen.calls).toEqual(debug ? ['error', 'warn', 'log', 'info', 'debug'] : ['error']);
    }
  });

  it('holds a bounded number of calls, and leaves development builds alone', () => {
    const seen = fakeConsole();
    const later: Array<() => void> = [];
    silenceConsoleUntilIdle({
      production: true,
      target: seen.target,
      debug: () => true,
      later: (task) => later.push(task),
    });
    for (let i = 0; i < HELD_CALLS_MAX + 50; i += 1) seen.target.log(i);
    later[0]!();
    expect(seen.calls).toHaveLength(HELD_CALLS_MAX);

    const loud = fakeConsole();
    silenceConsoleUntilIdle({
      production: false,
      target: loud.target,
      later: () => {
        throw new Error('nothing to wait for in development');
      },
    });
    loud.target.log('x');
    expect(loud.calls).toEqual(['log']);
  });

  it("reads debug mode from the browser's storage", () => {
    expect(debugMode(memoryStore({ 'cubierto:debug': '1' }))).toBe(true);
    expect(debugMode(memoryStore())).toBe(false);
  });
});
