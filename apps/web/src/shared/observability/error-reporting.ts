/**
 * Unexpected errors leave the browser (spec §8, docs/operations.md): each one is sent to the API
 * (POST /api/v4/common/client-errors, where it is logged with its request id) and, when this visit is
 * recorded (production builds with SESSION_RECORDING_ID, third-party.ts), tagged in the session
 * recording. Unexpected: anything that is not an API answer, and the API's own failures (5xx but 503,
 * which is maintenance). An API refusal (4xx) or no answer at all is the user's situation, not a bug: it is
 * shown (error-handler.tsx) and tagged in the recording, not sent. A page sends at most 10 reports, each
 * different error once.
 */
import type { ClientErrorReport } from '@cubierto/contracts';
import { ApiError } from '../api/api-error.ts';
import { API_BASE } from '../api/client.ts';
import { getInstalledVersion } from '../config/app-info.ts';
import type { ScriptQueues } from './third-party.ts';

/** The API's limits (CLIENT_ERROR_LIMITS in @cubierto/contracts, not imported: it would bring zod along). */
const LIMITS = { message: 1000, stack: 8000, url: 2000 } as const;
export const MAX_REPORTS_PER_PAGE = 10;

export type ErrorKind = ClientErrorReport['kind'];
export type ReportTransport = (report: ClientErrorReport) => void;

export function sendToApi(report: ClientErrorReport): void {
  // keepalive: the report still leaves when the error made the page go away.
  void fetch(`${API_BASE}/common/client-errors`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(report),
    keepalive: true,
    credentials: 'omit',
  }).catch(() => undefined);
}

// Component tests install their own transport; nothing goes out from them otherwise.
let transport: ReportTransport | undefined = import.meta.env.MODE === 'test' ? undefined : sendToApi;
let sent = 0;
const seen = new Set<string>();

/** Replaces where reports go (tests), and forgets what this page already sent. */
export function setReportTransport(next: ReportTransport | undefined): void {
  transport = next;
  sent = 0;
  seen.clear();
}

export function isUnexpected(error: unknown): boolean {
  if (error instanceof ApiError) return error.status >= 500 && error.status !== 503;
  return true;
}

function describe(
  error: unknown,
): Pick<ClientErrorReport, 'name' | 'message' | 'stack' | 'status' | 'error_code'> {
  if (error instanceof ApiError) {
    return {
      name: error.name,
      message: error.message.slice(0, LIMITS.message),
      status: error.status,
      ...(error.code ? { error_code: error.code.slice(0, 100) } : {}),
    };
  }
  if (error instanceof Error) {
    return {
      name: error.name.slice(0, 100),
      message: (error.message || error.name).slice(0, LIMITS.message),
      ...(error.stack ? { stack: error.stack.slice(0, LIMITS.stack) } : {}),
    };
  }
  let text: string;
  try {
    text = typeof error === 'string' ? error : (JSON.stringify(error) ?? String(error));
  } catch {
    text = String(error);
  }
  return { message: text.slice(0, LIMITS.message) };
}

/** The report of one error, as the API takes it. */
export function buildReport(
  error: unknown,
  kind: ErrorKind,
  site?: number,
  location: Pick<Location, 'pathname' | 'search'> = window.location,
): ClientErrorReport {
  return {
    kind,
    ...(site !== undefined ? { site } : {}),
    ...describe(error),
    url: `${location.pathname}${location.search}`.slice(0, LIMITS.url),
    release: getInstalledVersion().slice(0, 40),
  };
}

/** Tags the recording of this visit, if it is recorded (Clarity's custom tags and event). */
function tagRecording(report: ClientErrorReport, win: ScriptQueues): void {
  const clarity = win.clarity;
  if (!clarity) return;
  try {
    clarity('set', 'error_kind', report.kind);
    if (report.site !== undefined) clarity('set', 'error_site', String(report.site));
    if (report.error_code) clarity('set', 'error_code', report.error_code);
    clarity('set', 'error_message', report.message.slice(0, 255));
    clarity('event', 'error');
  } catch {
    // The recording is a help, never a second failure.
  }
}

/**
 * Reports an error: always to the session recording (when there is one), to the API when unexpected.
 * `site` is the central handler's call-site code (spec §8).
 */
export function reportError(
  error: unknown,
  options: { kind: ErrorKind; site?: number; win?: ScriptQueues } = { kind: 'handled' },
): void {
  if (error instanceof ApiError && error.handled) return;
  const report = buildReport(error, options.kind, options.site);
  tagRecording(report, options.win ?? (window as unknown as ScriptQueues));
  if (!transport || !isUnexpected(error)) return;
  const key = `${report.kind}|${report.site ?? ''}|${report.name ?? ''}|${report.message}`;
  if (seen.has(key) || sent >= MAX_REPORTS_PER_PAGE) return;
  seen.add(key);
  sent += 1;
  transport(report);
}

/** Reports what nothing caught: the window's error and unhandledrejection events (main.tsx). */
export function installErrorReporting(target: Pick<Window, 'addEventListener'> = window): void {
  target.addEventListener('error', (event: ErrorEvent) => {
    reportError(event.error ?? event.message, { kind: 'error' });
  });
  target.addEventListener('unhandledrejection', (event: PromiseRejectionEvent) => {
    reportError(event.reason, { kind: 'unhandledrejection' });
  });
}
