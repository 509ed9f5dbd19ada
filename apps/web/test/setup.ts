/**
 * Test environment: jest-dom matchers, the browser APIs Mantine expects and jsdom lacks, the real Spanish
 * texts, and a clean slate (storage, session, mocks) for every test.
 */
import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import es from '../public/assets/i18n/es.json';
import { setSessionEventHandlers } from '../src/shared/api/client.ts';
import { resetAppConfig } from '../src/shared/config/app-config.ts';
import { resetLatestAppVersion } from '../src/shared/config/app-version.ts';
import { getDialogs, removeDialog } from '../src/shared/dialogs/dialogs.tsx';
import { initI18n } from '../src/shared/i18n/i18n.ts';
import { hideLoading } from '../src/shared/loading/loading.ts';
import { setSessionState } from '../src/shared/session/session-store.ts';
import { storage } from '../src/shared/storage/storage.ts';

// A loaded machine (CI, several test runs at once) can take more than the default second to draw a
// lazy route: waiting longer costs nothing when it is fast.
configure({ asyncUtilTimeout: 5_000 });

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;
window.HTMLElement.prototype.scrollIntoView = () => {};

beforeAll(async () => {
  await initI18n(es);
});

beforeEach(async () => {
  notifications.clean();
  await storage.clear();
  storage.resetCache();
  resetAppConfig();
  resetLatestAppVersion();
  setSessionState({ status: 'anonymous', menusDisabled: false });
});

// Tab-scoped memory (after-login path, referral code) never leaks from one test to the next.
afterEach(() => window.sessionStorage.clear());

afterEach(() => {
  cleanup();
  hideLoading();
  // A dialog a test left open must not show up in the next one.
  for (const dialog of getDialogs()) {
    dialog.close('cancel');
    removeDialog(dialog.id);
  }
  setSessionEventHandlers({});
  vi.useRealTimers();
  vi.unstubAllGlobals();
});
