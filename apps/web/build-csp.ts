/**
 * The Content-Security-Policy of a build made for another origin than the API's (VITE_API_ORIGIN: the
 * Android and iOS apps, docs/decisions/014). Inside the shells no server sends headers, so the page
 * carries its policy in a <meta> tag: the API's origin for requests and images, and the hosts of the
 * production-only scripts (the same the API allows when their ids are configured, apps/api/src/app.ts).
 * A build without VITE_API_ORIGIN gets no tag: the API that serves it sends the policy as a header.
 */
import type { Plugin } from 'vite';

const SCRIPT_HOSTS = ['https://www.googletagmanager.com', 'https://www.clarity.ms', 'https://*.clarity.ms'];
const CONNECT_HOSTS = [
  'https://*.google-analytics.com',
  'https://*.analytics.google.com',
  'https://*.googletagmanager.com',
  'https://*.clarity.ms',
];
const IMG_HOSTS = [
  'https://*.google-analytics.com',
  'https://*.googletagmanager.com',
  'https://*.clarity.ms',
];

/** VITE_API_ORIGIN checked: empty, or an origin (scheme, host, port) with no path. */
export function apiOriginOf(value: string | undefined): string {
  const origin = (value ?? '').trim().replace(/\/+$/, '');
  if (origin && !/^https?:\/\/[^/\s]+$/.test(origin))
    throw new Error(`VITE_API_ORIGIN must be an origin like https://api.cubierto.com.ar, not ${value}`);
  return origin;
}

export function contentSecurityPolicy(apiOrigin: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${SCRIPT_HOSTS.join(' ')}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${apiOrigin} ${IMG_HOSTS.join(' ')}`,
    `connect-src 'self' ${apiOrigin} ${CONNECT_HOSTS.join(' ')}`,
    "font-src 'self' data:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}

export function apiOriginCsp(): Plugin {
  let apiOrigin = '';
  return {
    name: 'cubierto-api-origin-csp',
    apply: 'build',
    configResolved(config) {
      apiOrigin = apiOriginOf(config.env.VITE_API_ORIGIN);
      // The app reads it at start (shared/native/deep-links.ts): a bad value must stop the build instead.
      const site = config.env.VITE_PUBLIC_URL;
      if (site && !/^https?:\/\/[^/\s]+\/?$/.test(site))
        throw new Error(
          `VITE_PUBLIC_URL must be the public site's origin, like https://cubierto.com.ar, not ${site}`,
        );
    },
    transformIndexHtml() {
      if (!apiOrigin) return [];
      return [
        {
          tag: 'meta',
          attrs: { 'http-equiv': 'Content-Security-Policy', content: contentSecurityPolicy(apiOrigin) },
          injectTo: 'head-prepend',
        },
      ];
    },
  };
}
