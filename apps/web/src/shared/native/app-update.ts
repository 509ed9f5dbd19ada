/**
 * Store updates on the hybrid apps (spec §4 "App update", §8 toasts), on start and whenever the app
 * becomes active again:
 *  - an update already downloaded → '¡Actualización lista para instalar!' with Instalar / Cerrar;
 *  - an update available → 'Nueva versión disponible para descargar.' with Descargar / Cerrar when a
 *    flexible update is allowed, else the immediate (full-screen, store-driven) update at once.
 * iOS has no in-app updates: an available version offers to open the App Store instead of Descargar.
 * Failures are silent (logged): the server's version check (version-check.ts) still guards old builds.
 * The plugins come in as parameters so tests drive every branch through their interfaces.
 */

import type { AppPlugin } from '@capacitor/app';
import type { AppUpdatePlugin } from '@capawesome/capacitor-app-update';
import { t } from '../i18n/i18n.ts';
import type { ToastOptions } from '../toasts/toasts.tsx';

/** The plugin's enums (numbers), kept here so this module does not load the plugin on the web. */
export const UPDATE_AVAILABLE = 2;
export const INSTALL_DOWNLOADED = 11;

export type StoreUpdateDeps = {
  updates: Pick<
    AppUpdatePlugin,
    | 'getAppUpdateInfo'
    | 'completeFlexibleUpdate'
    | 'startFlexibleUpdate'
    | 'performImmediateUpdate'
    | 'openAppStore'
  >;
  platform: string;
  toast: (options: ToastOptions) => void;
  log?: (message: string, error: unknown) => void;
};

export type StoreUpdateOutcome =
  | 'install-offered'
  | 'download-offered'
  | 'store-offered'
  | 'immediate'
  | 'none';

export async function checkStoreUpdate(deps: StoreUpdateDeps): Promise<StoreUpdateOutcome> {
  const { updates, toast } = deps;
  const fail = (error: unknown) => deps.log?.('App update', error);
  try {
    const info = await updates.getAppUpdateInfo();
    if (info.installStatus === INSTALL_DOWNLOADED) {
      toast({
        type: 'info',
        message: t('appUpdate.downloaded'),
        duration: false,
        actions: [
          { label: t('appUpdate.install'), onClick: () => void updates.completeFlexibleUpdate().catch(fail) },
        ],
      });
      return 'install-offered';
    }
    if (info.updateAvailability !== UPDATE_AVAILABLE) return 'none';
    if (deps.platform === 'ios') {
      toast({
        type: 'info',
        message: t('appUpdate.available'),
        duration: false,
        actions: [
          { label: t('appUpdate.openStore'), onClick: () => void updates.openAppStore().catch(fail) },
        ],
      });
      return 'store-offered';
    }
    if (info.flexibleUpdateAllowed) {
      toast({
        type: 'info',
        message: t('appUpdate.available'),
        duration: false,
        actions: [
          { label: t('appUpdate.download'), onClick: () => void updates.startFlexibleUpdate().catch(fail) },
        ],
      });
      return 'download-offered';
    }
    await updates.performImmediateUpdate();
    return 'immediate';
  } catch (error) {
    fail(error);
    return 'none';
  }
}

/** Checks now, then each time the app comes back to the foreground. Resolves to a stop function. */
export async function watchStoreUpdates(
  deps: StoreUpdateDeps & { app: Pick<AppPlugin, 'addListener'> },
): Promise<() => Promise<void>> {
  void checkStoreUpdate(deps);
  const handle = await deps.app.addListener('appStateChange', ({ isActive }) => {
    if (isActive) void checkStoreUpdate(deps);
  });
  return () => handle.remove();
}
