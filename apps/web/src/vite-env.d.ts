/// <reference types="vite/client" />

declare const __APP_VERSION__: string;

interface ImportMetaEnv {
  /** Overrides the installed version (tests of the update alert). */
  readonly VITE_APP_VERSION?: string;
  /** The API's origin when the page runs elsewhere (the mobile apps); empty: the page's own origin. */
  readonly VITE_API_ORIGIN?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
