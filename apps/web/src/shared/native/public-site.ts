/**
 * The public site whose links open the app: the API's PUBLIC_URL, given to the build as VITE_PUBLIC_URL
 * (a staging build: the staging site). Payment returns, notification links and the web sign-in's return
 * are universal links of it. A module of its own: the login page's social sign-in needs this and not the
 * deep-link handling (deep-links.ts) of the hybrid apps.
 */
export const PUBLIC_SITE = (import.meta.env.VITE_PUBLIC_URL || 'https://cubierto.com.ar').replace(/\/+$/, '');
