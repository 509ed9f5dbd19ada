/**
 * Whether the app runs inside the Android or iOS shell (Capacitor). The shell injects `window.Capacitor`
 * before the web build loads, so asking it costs the web nothing: @capacitor/core and the plugins load
 * only on hybrid platforms (start-native.ts).
 */
type CapacitorGlobal = { isNativePlatform?: () => boolean; getPlatform?: () => string };

function capacitor(): CapacitorGlobal | undefined {
  return (globalThis as { Capacitor?: CapacitorGlobal }).Capacitor;
}

export function isHybrid(): boolean {
  return capacitor()?.isNativePlatform?.() === true;
}

/** 'android', 'ios' or 'web'. */
export function platformName(): string {
  return isHybrid() ? (capacitor()?.getPlatform?.() ?? 'web') : 'web';
}

/** Marks <html> with `hybrid` in the apps, where global.css applies the safe-area insets (spec §9). */
export function markPlatform(doc: Document = document): void {
  doc.documentElement.classList.toggle('hybrid', isHybrid());
}
