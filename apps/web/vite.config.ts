/**
 * Build of the web app. Besides React and the version stamp, it shapes the chunks so the first page
 * (login) stays within its budget of 170 KiB of gzipped JavaScript (see README): the libraries every page
 * needs travel in one file, the basic Mantine components in another, the app's start-up code in a third;
 * the public pages' code in a few more (each file a request the main thread starts), and everything else
 * is split per route.
 */
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build-compress.ts';
import { buildDefines, buildStamp } from './build-config.ts';
import { apiOriginCsp } from './build-csp.ts';
import { lazyContractSchemas } from './build-lazy-schemas.ts';
import { precacheShell } from './build-precache.ts';
import { spreadModulePreloads } from './build-preload.ts';
import { prerenderPages } from './build-prerender.ts';
import { stableMantineIds } from './build-stable-ids.ts';
import { buildStampFile } from './build-stamp.ts';

const srcDir = fileURLToPath(new URL('./src/', import.meta.url));
const inSrc = (pattern: RegExp) => (id: string) =>
  id.startsWith(srcDir) && pattern.test(id.slice(srcDir.length));
/** A module of a package in node_modules whose path (from the package's name on) matches. */
const inPackages = (pattern: RegExp) => (id: string) => {
  const at = id.lastIndexOf('node_modules');
  return at >= 0 && pattern.test(id.slice(at + 'node_modules'.length + 1));
};
/** A module of the contracts package whose path under its `src` matches. */
const inContracts = (pattern: RegExp) => (id: string) => {
  const match = /[\\/]packages[\\/]contracts[\\/]src[\\/](.*)$/.exec(id);
  return match !== null && pattern.test(match[1]!);
};

const alias = [
  // Zod without its eval probe, which the Content-Security-Policy reports (src/shared/zod-without-eval.ts).
  { find: /^zod$/, replacement: fileURLToPath(new URL('./src/shared/zod-without-eval.ts', import.meta.url)) },
];

export default defineConfig({
  // The service worker's shell list and the prerendered public pages are written before the compressed
  // copies are made.
  plugins: [
    react(),
    spreadModulePreloads(),
    lazyContractSchemas(),
    stableMantineIds(),
    apiOriginCsp(),
    buildStampFile(buildStamp),
    precacheShell(),
    prerenderPages({ define: buildDefines, alias }),
    precompress(),
  ],
  define: buildDefines,
  resolve: { alias },
  server: {
    // Same-origin API in development, as in production where the API serves the build.
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  preview: {
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  build: {
    target: 'es2022',
    // Every browser the app supports knows <link rel="modulepreload">.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              // With Vite's preload helper, a file of 2 KiB that every page asked for apart (the bundler's
              // runtime keeps a file of its own).
              test: (id: string) =>
                inPackages(/^(react|react-dom|scheduler|react-router|i18next|react-i18next)[\\/]/)(id) ||
                /^\0vite[\\/]preload-helper/.test(id),
              priority: 3,
            },
            {
              name: 'ui',
              test: /@mantine[\\/]core[\\/]esm[\\/](core|components[\\/](Input|InputBase|TextInput|Button|CloseButton|Transition|Loader|Anchor|Text|Title|Paper|Stack|Group|Image|ThemeIcon|Divider|Box|UnstyledButton|Center))[\\/]/,
              priority: 2,
            },
            {
              // What the login page draws; the rest of auth (register, reset) has its own chunks.
              name: 'auth',
              test: inSrc(
                /^(features[\\/]auth[\\/](pages[\\/]login-page|components[\\/](social-buttons|social-icons)|social[\\/](social-redirect|use-social-return|use-test-mode-sign-in))|shared[\\/](ui[\\/]password-field|forms[\\/](api-validations|lazy-zod-resolver)))/,
              ),
              priority: 1,
              includeDependenciesRecursively: false,
            },
            {
              // The catalogue the login page shows (read without zod) and the app's line icons, in one file
              // rather than nine small ones; the home and the public catalogue draw their grid with it
              // too. Nothing here imports the auth chunk, which imports this one (a cycle between chunks
              // would run a module before the one it needs).
              name: 'catalogue',
              test: (id: string) =>
                inContracts(/^risk-types[\\/]trip-types\.ts$/)(id) ||
                inSrc(
                  /^(features[\\/]auth[\\/]components[\\/]login-catalogue|shared[\\/](catalog[\\/](product-grid|catalogue-products|premium-text|public-policies-path|choose-coverage-paths|catalog\.module)|ui[\\/](risk-type-icons|icons)))/,
                )(id),
              priority: 1,
              includeDependenciesRecursively: false,
            },
            { name: 'app', test: inSrc(/./), tags: ['$initial'], includeDependenciesRecursively: false },
            // The public pages' code in a few files rather than 40-odd small ones: each file is a request the
            // main thread starts (about 1.5 ms each on this machine, 6 at a phone's speed), and the catalogue
            // asked for 56. None of them is the login's (its budget), and each holds code that travels together.
            {
              // TanStack Query (the login's app configuration only needs `queryOptions`, kept out).
              name: 'query',
              test: (id: string) =>
                inPackages(/^@tanstack[\\/](query-core|react-query)[\\/]/)(id) && !/queryOptions/.test(id),
              includeDependenciesRecursively: false,
            },
            {
              // Mantine's modal, popover and scroll lock, with the libraries under them: the coverage dialog's.
              name: 'dialog',
              test: inPackages(
                /^(@mantine[\\/]core[\\/]esm[\\/](components[\\/](Modal|ModalBase|FocusTrap|ScrollArea|Portal|VisuallyHidden|Popover|Overlay|ActionIcon)|utils[\\/]Floating)|react-remove-scroll|react-remove-scroll-bar|use-sidecar|use-callback-ref|react-style-singleton|get-nonce|detect-node-es|aria-hidden|tslib|@floating-ui[\\/][^\\/]+)[\\/]/,
              ),
              includeDependenciesRecursively: false,
            },
            {
              // Mantine's hooks that the basic components leave out (focus trap, long press, uncontrolled…).
              name: 'hooks',
              test: inPackages(/^@mantine[\\/]hooks[\\/]/),
              includeDependenciesRecursively: false,
            },
            {
              // Zod and the contracts' base schemas (the catalogue's policies, the certificate check's answer).
              name: 'zod',
              test: (id: string) =>
                inPackages(/^zod[\\/]/)(id) ||
                inSrc(/^shared[\\/]zod-without-eval/)(id) ||
                inContracts(/^(lazy-schema|common|insured-service)\.ts$/)(id),
              includeDependenciesRecursively: false,
            },
            {
              // The public frame every public page is drawn in, and what it asks for its data with.
              name: 'frame',
              test: (id: string) =>
                inPackages(
                  /^@mantine[\\/]core[\\/]esm[\\/]components[\\/](Container|Card|SimpleGrid|Skeleton|Alert|Badge|EmptyState)[\\/]/,
                )(id) ||
                inSrc(
                  /^(prerender[\\/]early-requests|shared[\\/](ui[\\/](public-frame|load-error|fact-list|product-icons)|insured-service[\\/]insured-service|api[\\/](query-keys|query-client)|format[\\/]format))/,
                )(id),
              includeDependenciesRecursively: false,
            },
            {
              // The risk types and the catalogue's contracts (the catalogue, a product, the certificate check).
              name: 'contracts',
              test: inContracts(
                /^(pricing-schema|catalog|identity|objects)\.ts$|^risk-types[\\/](?!trip-types)/,
              ),
              includeDependenciesRecursively: false,
            },
            {
              // The catalogue's pages and what they draw a product with.
              name: 'public',
              test: inSrc(
                /^(features[\\/]catalog[\\/]|shared[\\/](catalog[\\/](products-by-risk-type|public-policies|choose-coverage\.|coverage-details|coverage-dialog\.|policy-details)|ui[\\/](glossary|back-link)|native[\\/]permissions))/,
              ),
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
      treeshake: {
        // The contracts only declare schemas and pure rules: a page that needs `compareVersions` must not
        // pull in zod and every schema with it.
        moduleSideEffects: [{ test: /[\\/]packages[\\/]contracts[\\/]src[\\/]/, sideEffects: false }],
      },
    },
  },
});
