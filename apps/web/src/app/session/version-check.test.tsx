import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api-mock.ts';
import { renderWithMantine } from '../../../test/render.tsx';
import { DialogHost } from '../../shared/dialogs/dialogs.tsx';
import { StorageKey, storage } from '../../shared/storage/storage.ts';
import { checkForUpdate } from './version-check.ts';

const serverVersion = (version: string) => ({
  body: {
    data: [
      {
        id: 3,
        version,
        platform: 'web',
        active: true,
        social: { google: true, facebook: true, apple: true },
        created_at: '2025-10-23T00:00:00Z',
      },
    ],
    meta: { current_page: 1, per_page: 20, total: 1, last_page: 1 },
  },
});

/** What the Android or iOS shell injects before the web build loads (Capacitor's bridge). */
function runInShell(platform: 'android' | 'ios') {
  (globalThis as { Capacitor?: unknown }).Capacitor = {
    isNativePlatform: () => true,
    getPlatform: () => platform,
  };
}

afterEach(() => {
  delete (globalThis as { Capacitor?: unknown }).Capacitor;
});

function renderHost() {
  renderWithMantine(<DialogHost />);
}

describe('start-up version check (spec §2 item 8, §5)', () => {
  it("asks to update when the server's web version is newer than the installed one", async () => {
    vi.stubEnv('VITE_APP_VERSION', '2.9.9');
    const api = mockApi({ 'GET /common/app-version': serverVersion('2.10.0') });
    const reload = vi.fn();
    const user = userEvent.setup();
    renderHost();

    const checked = checkForUpdate(reload);
    expect(await screen.findByRole('dialog', { name: 'Cuidado app desactualizada' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Actualizar' }));

    await expect(checked).resolves.toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(api.requests[0]?.url).toBe(
      '/api/v4/common/app-version?filter%5Bplatform%5D%5Blike%5D=web&filter%5Bactive%5D%5Beq%5D=true&sort_by=-id',
    );
    expect(await storage.get(StorageKey.version)).toBe('2.10.0');
  });

  it('says nothing when the installed version is the same or newer', async () => {
    vi.stubEnv('VITE_APP_VERSION', '2.1.11');
    mockApi({ 'GET /common/app-version': serverVersion('2.1.11') });
    renderHost();
    await expect(checkForUpdate(vi.fn())).resolves.toBe(false);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('fails silently when the version cannot be looked up', async () => {
    vi.stubEnv('VITE_APP_VERSION', '1.0.0');
    mockApi({
      'GET /common/app-version': { status: 500, body: { message: 'Error', error_code: 'internal' } },
    });
    renderHost();
    await expect(checkForUpdate(vi.fn())).resolves.toBe(false);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it.each(['android', 'ios'] as const)(
    "in the %s app, asks for that platform's record and warns from it",
    async (platform) => {
      runInShell(platform);
      vi.stubEnv('VITE_APP_VERSION', '2.1.11');
      const api = mockApi({ 'GET /common/app-version': serverVersion('2.2.0') });
      renderHost();

      void checkForUpdate(vi.fn());
      expect(await screen.findByRole('dialog', { name: 'Cuidado app desactualizada' })).toBeInTheDocument();
      const asked = new URL(api.requests[0]?.url ?? '', 'http://app.test').searchParams;
      expect(asked.get('filter[platform][like]')).toBe(platform);
      expect(asked.get('filter[active][eq]')).toBe('true');
    },
  );
});
