/**
 * What this build knows about itself: the installed version (package.json, baked in by the build) that the
 * side menu shows and the start-up check compares with the server's (spec §2, §5), and the build stamp
 * (spec §1: version, environment, branch, build date) shown beside it.
 */
export function getInstalledVersion(): string {
  return import.meta.env.VITE_APP_VERSION || __APP_VERSION__;
}

export type BuildStamp = {
  version: string;
  environment: string;
  branch: string | null;
  commit: string | null;
  built_at: string;
};

export function getBuildStamp(): BuildStamp {
  return {
    ...__BUILD_STAMP__,
    version: getInstalledVersion(),
    environment: __BUILD_STAMP__.environment ?? import.meta.env.MODE,
  };
}

/** The footer's line: "2.1.11 · production · master · 2025-10-23" (the parts the build knows). */
export function formatBuildStamp(stamp: BuildStamp): string {
  return [stamp.version, stamp.environment, stamp.branch, stamp.built_at].filter(Boolean).join(' · ');
}
