import { describe, expect, it, vi } from 'vitest';
import type { ToastOptions } from '../toasts/toasts.tsx';
import {
  checkStoreUpdate,
  INSTALL_DOWNLOADED,
  type StoreUpdateDeps,
  UPDATE_AVAILABLE,
  watchStoreUpdates,
} from './app-update.ts';

vi.mock('../i18n/i18n.ts', () => ({ t: (key: string) => key }));

type Info = Awaited<ReturnType<StoreUpdateDeps['updates']['getAppUpdateInfo']>>;

function setup(info: Partial<Info> | Error, platform = 'android') {
  const toasts: ToastOptions[] = [];
  const updates = {
    getAppUpdateInfo: vi.fn(async () => {
      if (info instanceof Error) throw info;
      return {
        currentVersionName: '2.1.11',
        currentVersionCode: '211',
        updateAvailability: 1,
        ...info,
      } as Info;
    }),
    completeFlexibleUpdate: vi.fn(async () => undefined),
    startFlexibleUpdate: vi.fn(async () => ({ code: 0 })),
    performImmediateUpdate: vi.fn(async () => ({ code: 0 })),
    openAppStore: vi.fn(async () => undefined),
  };
  const log = vi.fn();
  const deps: StoreUpdateDeps = { updates, platform, toast: (o) => toasts.push(o), log };
  return { deps, updates, toasts, log };
}

describe('store update check (spec §4)', () => {
  it('offers to install an update already downloaded, and Instalar completes it', async () => {
    const { deps, updates, toasts } = setup({
      installStatus: INSTALL_DOWNLOADED,
      updateAvailability: UPDATE_AVAILABLE,
    });
    expect(await checkStoreUpdate(deps)).toBe('install-offered');
    expect(toasts).toHaveLength(1);
    expect(toasts[0]?.message).toBe('appUpdate.downloaded');
    expect(toasts[0]?.duration).toBe(false);
    expect(toasts[0]?.actions?.map((a) => a.label)).toEqual(['appUpdate.install']);
    toasts[0]?.actions?.[0]?.onClick();
    expect(updates.completeFlexibleUpdate).toHaveBeenCalledOnce();
    expect(updates.startFlexibleUpdate).not.toHaveBeenCalled();
  });

  it('offers a flexible download when allowed, and Descargar starts it', async () => {
    const { deps, updates, toasts } = setup({
      updateAvailability: UPDATE_AVAILABLE,
      flexibleUpdateAllowed: true,
    });
    expect(await checkStoreUpdate(deps)).toBe('download-offered');
    expect(toasts[0]?.message).toBe('appUpdate.available');
    expect(toasts[0]?.actions?.map((a) => a.label)).toEqual(['appUpdate.download']);
    toasts[0]?.actions?.[0]?.onClick();
    expect(updates.startFlexibleUpdate).toHaveBeenCalledOnce();
    expect(updates.performImmediateUpdate).not.toHaveBeenCalled();
  });

  it('performs the immediate update when a flexible one is not allowed, with no toast', async () => {
    const { deps, updates, toasts } = setup({
      updateAvailability: UPDATE_AVAILABLE,
      flexibleUpdateAllowed: false,
    });
    expect(await checkStoreUpdate(deps)).toBe('immediate');
    expect(updates.performImmediateUpdate).toHaveBeenCalledOnce();
    expect(toasts).toEqual([]);
  });

  it('on iOS offers the App Store instead', async () => {
    const { deps, updates, toasts } = setup({ updateAvailability: UPDATE_AVAILABLE }, 'ios');
    expect(await checkStoreUpdate(deps)).toBe('store-offered');
    toasts[0]?.actions?.[0]?.onClick();
    expect(updates.openAppStore).toHaveBeenCalledOnce();
    expect(updates.performImmediateUpdate).not.toHaveBeenCalled();
  });

  it('does nothing when no update is available', async () => {
    const { deps, updates, toasts } = setup({ updateAvailability: 1, flexibleUpdateAllowed: true });
    expect(await checkStoreUpdate(deps)).toBe('none');
    expect(toasts).toEqual([]);
    expect(updates.performImmediateUpdate).not.toHaveBeenCalled();
  });

  it('is silent when the store cannot be asked', async () => {
    const { deps, toasts, log } = setup(new Error('no store'));
    expect(await checkStoreUpdate(deps)).toBe('none');
    expect(toasts).toEqual([]);
    expect(log).toHaveBeenCalledOnce();
  });

  it('checks on start and again each time the app becomes active', async () => {
    const { deps, updates } = setup({ updateAvailability: 1 });
    let onState: ((state: { isActive: boolean }) => void) | undefined;
    const remove = vi.fn(async () => undefined);
    const app = {
      addListener: vi.fn(async (_event: string, listener: (state: { isActive: boolean }) => void) => {
        onState = listener;
        return { remove };
      }),
    };
    const stop = await watchStoreUpdates({ ...deps, app: app as never });
    expect(app.addListener).toHaveBeenCalledWith('appStateChange', expect.any(Function));
    expect(updates.getAppUpdateInfo).toHaveBeenCalledTimes(1);
    onState?.({ isActive: false });
    expect(updates.getAppUpdateInfo).toHaveBeenCalledTimes(1);
    onState?.({ isActive: true });
    expect(updates.getAppUpdateInfo).toHaveBeenCalledTimes(2);
    await stop();
    expect(remove).toHaveBeenCalledOnce();
  });
});
