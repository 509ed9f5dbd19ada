/**
 * Console output silenced unless debug mode is on (spec §9), in production builds: log, info, debug and
 * warn become no-ops; errors stay, so a crash still says something in the device's log. Support staff
 * turn debug mode on for one browser with localStorage `cubierto:debug` = '1'.
 */
import { whenIdle } from '../hooks/when-idle.ts';

export const DEBUG_KEY = 'cubierto:debug';

export function debugMode(store: Pick<Storage, 'getItem'> = localStorage): boolean {
  try {
    return store.getItem(DEBUG_KEY) === '1';
  } catch {
    return false;
  }
}

/** Answers whether output was silenced. */
export function silenceConsole(options: { production: boolean; debug: boolean; target?: Console }): boolean {
  if (!options.production || options.debug) return false;
  const target = options.target ?? console;
  const quiet = () => undefined;
  target.log = quiet;
  target.info = quiet;
  target.debug = quiet;
  target.warn = quiet;
  return true;
}

const QUIETED = ['log', 'info', 'debug', 'warn'] as const;
/** What is kept of the output said before debug mode is known: the first calls, no more. */
export const HELD_CALLS_MAX = 200;

/**
 * The entry's form: in production the output is held at once and debug mode is read at the browser's first
 * idle moment, not in the entry's first task (the first read of localStorage opens the origin's storage, a
 * few milliseconds of the task that starts the app, four times that on a slow phone). In debug mode the
 * output comes back with what was said meanwhile, in order; otherwise what was held is dropped.
 */
export function silenceConsoleUntilIdle(options: {
  production: boolean;
  target?: Console;
  debug?: () => boolean;
  later?: (task: () => void) => void;
}): void {
  if (!options.production) return;
  const target = options.target ?? console;
  const readDebug = options.debug ?? (() => debugMode());
  const later = options.later ?? ((task: () => void) => void whenIdle(task));
  const originals = QUIETED.map((method) => target[method]);
  let held: Array<{ method: number; args: unknown[] }> = [];
  QUIETED.forEach((method, index) => {
    target[method] = (...args: unknown[]) => {
      if (held.length < HELD_CALLS_MAX) held.push({ method: index, args });
    };
  });
  later(() => {
    const said = held;
    held = [];
    if (!readDebug()) {
      silenceConsole({ production: true, debug: false, target });
      return;
    }
    QUIETED.forEach((method, index) => {
      target[method] = originals[index]!;
    });
    for (const { method, args } of said) originals[method]!.apply(target, args);
  });
}
