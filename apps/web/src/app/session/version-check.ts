/**
 * Start-up version check (spec §2 item 8, §5): when the server's active version for this platform (web,
 * android or ios: shared/config/app-version.ts) is newer than this build, 'Cuidado app desactualizada'
 * asks to update; on the web, updating is loading the new build, in the Android app the store's
 * immediate update (spec §4), in the iOS app (no in-app updates) the App Store's page.
 * A failed lookup says nothing (spec §8).
 */
import { isUpdateRequired } from '@cubierto/contracts';
import { getInstalledVersion } from '../../shared/config/app-info.ts';
import { getLatestAppVersion } from '../../shared/config/app-version.ts';
import { openAlert } from '../../shared/dialogs/dialogs.tsx';
import { t } from '../../shared/i18n/i18n.ts';
import { isHybrid, platformName } from '../../shared/native/platform.ts';
import { StorageKey, storage } from '../../shared/storage/storage.ts';

function updateNow(): void {
  if (!isHybrid()) {
    window.location.reload();
    return;
  }
  void import('@capawesome/capacitor-app-update')
    .then(({ AppUpdate }) =>
      platformName() === 'android'
        ? AppUpdate.performImmediateUpdate().catch(() => AppUpdate.openAppStore())
        : AppUpdate.openAppStore(),
    )
    .catch((error: unknown) => console.warn('App store', error));
}

export async function checkForUpdate(reload: () => void = updateNow): Promise<boolean> {
  const serverVersion = (await getLatestAppVersion())?.version;
  if (!serverVersion) return false;
  await storage.set(StorageKey.version, serverVersion);
  if (!isUpdateRequired(getInstalledVersion(), serverVersion)) return false;
  const result = await openAlert({
    type: 'warning',
    title: t('update.title'),
    subTitle: t('update.description', { version: serverVersion }),
    confirmText: t('update.button'),
    cancelText: null,
    dismissible: false,
  });
  if (result.role === 'confirm') reload();
  return true;
}
