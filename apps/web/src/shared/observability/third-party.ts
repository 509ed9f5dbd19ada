/**
 * The production-only scripts (spec §3, §9): Google Analytics 4 and Google Tag Manager when their ids are
 * configured, and Microsoft Clarity's session recording for 40% of visits. Only in a production build,
 * only with the ids the API's public configuration gives (never secrets), only after the first page is
 * drawn (main.tsx imports this module then), and always as external script elements: the
 * Content-Security-Policy allows no inline script, and lets these hosts in only when their ids are set.
 */
export const SESSION_RECORDING_RATE = 0.4;
const SAMPLE_KEY = 'cubierto:recorded-visit';

export type ThirdPartyIds = {
  analytics_id?: string | null;
  tag_manager_id?: string | null;
  session_recording_id?: string | null;
};

type ClarityQueue = ((...args: unknown[]) => void) & { q?: unknown[][] };
export type ScriptQueues = { dataLayer?: unknown[]; clarity?: ClarityQueue };

/**
 * Whether this visit is recorded: decided once per visit (the tab's session storage), so moving between
 * pages neither starts nor stops a recording.
 */
export function sampledVisit(
  rate = SESSION_RECORDING_RATE,
  random: () => number = Math.random,
  store: Pick<Storage, 'getItem' | 'setItem'> = sessionStorage,
): boolean {
  const kept = store.getItem(SAMPLE_KEY);
  if (kept === '1' || kept === '0') return kept === '1';
  const recorded = random() < rate;
  store.setItem(SAMPLE_KEY, recorded ? '1' : '0');
  return recorded;
}

function addScript(doc: Document, src: string): void {
  if (doc.querySelector(`script[src="${src}"]`)) return;
  const script = doc.createElement('script');
  script.async = true;
  script.src = src;
  doc.head.append(script);
}

/** Adds the scripts this visit should load; answers which. Nothing outside production builds. */
export function loadThirdPartyScripts(options: {
  production: boolean;
  ids: ThirdPartyIds;
  sampled?: () => boolean;
  doc?: Document;
  win?: ScriptQueues;
}): string[] {
  if (!options.production) return [];
  const doc = options.doc ?? document;
  const win = options.win ?? (window as unknown as ScriptQueues);
  const loaded: string[] = [];
  const { analytics_id: analytics, tag_manager_id: tags, session_recording_id: recording } = options.ids;
  if (analytics || tags) {
    win.dataLayer ??= [];
    if (tags) win.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
    if (analytics) {
      // What gtag('js', …) and gtag('config', …) queue, without an inline snippet.
      win.dataLayer.push(['js', new Date()], ['config', analytics]);
      addScript(doc, `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(analytics)}`);
      loaded.push('analytics');
    }
    if (tags) {
      addScript(doc, `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(tags)}`);
      loaded.push('tags');
    }
  }
  if (recording && (options.sampled ?? sampledVisit)()) {
    // Clarity's queue, as its snippet would set it up.
    const queue: ClarityQueue = (...args: unknown[]) => {
      queue.q ??= [];
      queue.q.push(args);
    };
    win.clarity ??= queue;
    addScript(doc, `https://www.clarity.ms/tag/${encodeURIComponent(recording)}`);
    loaded.push('session-recording');
  }
  return loaded;
}
