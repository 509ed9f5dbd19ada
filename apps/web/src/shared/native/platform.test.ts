import { afterEach, describe, expect, it } from 'vitest';
import { isHybrid, markPlatform, platformName } from './platform.ts';

const global = globalThis as { Capacitor?: unknown };

describe('platform', () => {
  afterEach(() => {
    delete global.Capacitor;
  });

  it('is the web when no native shell injected Capacitor, or the shell says it is not native', () => {
    expect(isHybrid()).toBe(false);
    expect(platformName()).toBe('web');
    global.Capacitor = { isNativePlatform: () => false, getPlatform: () => 'web' };
    expect(isHybrid()).toBe(false);
  });

  it('is hybrid inside the Android or iOS shell', () => {
    global.Capacitor = { isNativePlatform: () => true, getPlatform: () => 'android' };
    expect(isHybrid()).toBe(true);
    expect(platformName()).toBe('android');
  });

  it('marks the page for the safe-area insets only inside the shell', () => {
    const doc = document.implementation.createHTMLDocument();
    markPlatform(doc);
    expect(doc.documentElement.classList.contains('hybrid')).toBe(false);
    global.Capacitor = { isNativePlatform: () => true, getPlatform: () => 'ios' };
    markPlatform(doc);
    expect(doc.documentElement.classList.contains('hybrid')).toBe(true);
  });
});
