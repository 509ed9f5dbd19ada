/**
 * Console output silenced unless debug mode is on (spec §9), in production builds: log, info, debug and
 * warn become no-ops; errors stay, so a crash still says something in the device's log. Support staff
 * turn debug mode on for one browser with localStorage `cubierto:debug` = '1'.
 */
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
