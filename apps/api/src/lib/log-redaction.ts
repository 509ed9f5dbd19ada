/**
 * No secret in the logs (issue "Safe in production"): request URLs are logged with the values of their
 * token-like query parameters replaced (a password-reset link's `token`, an OAuth `code` or `state` …),
 * and the headers that carry credentials are censored wherever a log line holds them.
 */
import type { FastifyServerOptions } from 'fastify';

export const REDACTED = '[REDACTED]';

/** Query parameters whose value is a credential (lower case; also any name ending in `token`). */
export const SECRET_QUERY_PARAMETERS = [
  'token',
  'access_token',
  'refresh_token',
  'id_token',
  'code',
  'state',
  'key',
  'secret',
  'password',
  'signature',
  'sig',
];
const SECRET_PARAMETERS = new Set(SECRET_QUERY_PARAMETERS);

/** Headers that carry credentials, as pino paths wherever a log line holds a request's or response's headers. */
const SECRET_HEADERS = [
  'authorization',
  'proxy-authorization',
  'cookie',
  'set-cookie',
  'idempotency-key',
  'x-ops-token',
  'x-signature',
];

const redactPaths = SECRET_HEADERS.flatMap((name) => [
  `req.headers["${name}"]`,
  `res.headers["${name}"]`,
  `headers["${name}"]`,
  `request.headers["${name}"]`,
]);

function isSecretParameter(name: string): boolean {
  let decoded = name;
  try {
    decoded = decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    // A malformed escape: judge the name as written.
  }
  const lower = decoded.toLowerCase();
  return SECRET_PARAMETERS.has(lower) || lower.endsWith('token');
}

/** The URL with the value of every token-like query parameter replaced by [REDACTED]. */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  if (at === -1) return url;
  const hash = url.indexOf('#', at);
  const query = url.slice(at + 1, hash === -1 ? undefined : hash);
  const redacted = query
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals === -1 ? pair : pair.slice(0, equals);
      return equals !== -1 && isSecretParameter(name) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${url.slice(0, at)}?${redacted}`;
}

/**
 * Free text (an error message, a stack, a page address reported by the browser) with the value of every
 * token-like query parameter of the URLs in it replaced.
 */
export function redactText(text: string): string {
  return text.replace(/([?&])([^=&\s#?]+)=([^&\s#"'<>]*)/g, (whole, separator: string, name: string) =>
    isSecretParameter(name) ? `${separator}${name}=${REDACTED}` : whole,
  );
}

type RequestLike = {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number } | null;
};

/** Fastify's request serializer, with the URL redacted. */
function serializeRequest(request: RequestLike) {
  return {
    method: request.method,
    url: request.url === undefined ? undefined : redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

type LoggerOption = FastifyServerOptions['logger'];

/** The app's logger options with the redaction added (false stays false: no logger). */
export function withLogRedaction(logger: LoggerOption): LoggerOption {
  if (!logger) return false;
  const base = logger === true ? {} : logger;
  const given = base.redact;
  const paths = Array.isArray(given) ? given : (given?.paths ?? []);
  return {
    ...base,
    redact: { paths: [...paths, ...redactPaths], censor: REDACTED },
    serializers: { ...base.serializers, req: serializeRequest },
  };
}
