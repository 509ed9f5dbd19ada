/**
 * What this build knows about itself: the installed version (package.json, baked in by the build) that the
 * side menu shows and the start-up check compares with the server's (spec §2, §5).
 */
export function getInstalledVersion(): string {
  return import.meta.env.VITE_APP_VERSION || __APP_VERSION__;
}
