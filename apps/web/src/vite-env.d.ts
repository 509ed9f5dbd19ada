/// <reference types="vite/client" />

declare const __APP_VERSION__: string;
/** build-stamp.ts: what the build knew about itself (spec §1). */
declare const __BUILD_STAMP__: {
  version: string;
  environment: string | null;
  branch: string | null;
  commit: string | null;
  built_at: string;
};

interface ImportMetaEnv {
  /** Overrides the installed version (tests of the update alert). */
  readonly VITE_APP_VERSION?: string;
  /** The API's origin when the page runs elsewhere (the mobile apps); empty: the page's own origin. */
  readonly VITE_API_ORIGIN?: string;
  /** The public site whose universal links open the mobile apps (the API's PUBLIC_URL). */
  readonly VITE_PUBLIC_URL?: string;
  /** Kiosk or partner builds: the fixed token sent instead of the stored session token (spec §7). */
  readonly VITE_FIXED_TOKEN?: string;
  /** The cloud storage host files may be fetched from directly (spec §7's Access-Control-Allow-Origin). */
  readonly VITE_STORAGE_ORIGIN?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
