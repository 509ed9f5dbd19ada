/**
 * Vite's helper for dynamic imports (`__vitePreload`) resolves and adds a `<link rel="modulepreload">` for
 * every chunk a lazy module imports, all in the task that asks for the module. Each costs the main thread
 * its URL, its element and its request as it is added: the signed-in home's routes (the shell and the
 * page) asked for about 55 in one task, a few hundred milliseconds at a phone's speed (4× CPU slowdown),
 * counted whole into Total Blocking Time. This plugin has the helper take the scripts a few per task
 * instead, as `src/prerender/deferred-modules.js` does for the prerendered pages. The import itself is not
 * delayed (the browser asks for the chunk and its static imports as it always does) and the preloads still
 * go ahead of that discovery. Stylesheets go through Vite's helper at once, as before: it waits for them
 * before the module runs.
 */
import type { Plugin } from 'vite';

const HELPER_ID = '\0vite/preload-helper.js';
const EXPORT = 'export const __vitePreload = ';
/** Preloads added per task: each costs a few milliseconds at 4× CPU slowdown; a task stays well under 50. */
export const PRELOADS_PER_TASK = 4;

// Runs in the helper's module: `scriptRel` and `assetsURL` are Vite's own, defined above it.
const SPREAD = `
const laterScripts = [];
const preloadedScripts = new Set();
let scannedLinks = false;
let nonce;
function addLaterScripts() {
  if (!scannedLinks) {
    scannedLinks = true;
    for (const link of document.getElementsByTagName('link')) preloadedScripts.add(link.href);
    const meta = document.querySelector('meta[property=csp-nonce]');
    nonce = meta?.nonce || meta?.getAttribute('nonce');
  }
  let added = 0;
  while (laterScripts.length > 0 && added < ${PRELOADS_PER_TASK}) {
    const [dep, importerUrl] = laterScripts.shift();
    const href = new URL(assetsURL(dep, importerUrl), import.meta.url).href;
    if (preloadedScripts.has(href)) continue;
    preloadedScripts.add(href);
    const link = document.createElement('link');
    link.rel = scriptRel;
    link.as = 'script';
    link.crossOrigin = '';
    link.href = href;
    if (nonce) link.setAttribute('nonce', nonce);
    document.head.appendChild(link);
    added += 1;
  }
  if (laterScripts.length > 0) setTimeout(addLaterScripts, 0);
}
export const __vitePreload = function spreadPreload(baseModule, deps, importerUrl) {
  if (__VITE_IS_MODERN__ && deps && deps.length > 0) {
    const styles = [];
    for (const dep of deps) {
      if (dep.endsWith('.css')) styles.push(dep);
      else if (laterScripts.push([dep, importerUrl]) === 1) setTimeout(addLaterScripts, 0);
    }
    deps = styles;
  }
  return vitePreload(baseModule, deps, importerUrl);
};
`;

/** Rewrites the helper's code; throws when Vite's helper no longer has the line it renames. */
export function spreadPreloads(code: string): string {
  if (!code.includes(EXPORT)) throw new Error(`vite's preload helper no longer contains ${EXPORT}`);
  return `${code.replace(EXPORT, 'const vitePreload = ')}\n${SPREAD}`;
}

export function spreadModulePreloads(): Plugin {
  return {
    name: 'cubierto-spread-module-preloads',
    apply: 'build',
    transform: {
      filter: { id: /^\0vite\/preload-helper\.js$/ },
      handler(code, id) {
        if (id !== HELPER_ID) return null;
        return { code: spreadPreloads(code), map: null };
      },
    },
  };
}
