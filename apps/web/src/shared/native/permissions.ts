/**
 * Device permissions (spec §6): camera, external storage, media images, install packages and media visual
 * selection are asked for only in the Android and iOS apps (through the camera plugin, which owns the
 * camera and photo library permissions); on the web they are granted at once, the browser asking by
 * itself when a page uses them. Any other name stands for leaving the app (a payment, a messaging or an
 * update link): the customer confirms 'Aviso de redireccionamiento' first, and the link opens in the
 * system browser in the apps, a new tab on the web.
 *
 * Payment links (checkouts and top-ups, issue 19, docs/decisions/026): in the apps the modal asks as above,
 * since the checkout leaves the app for the system browser; on the web the notice is said beside the pay
 * button before it is pressed (checkout-notice.tsx, naming the provider), so pressing it goes straight to
 * the checkout.
 */
import type { CameraPlugin } from '@capacitor/camera';
import { openAlert } from '../dialogs/dialogs.tsx';
import { t } from '../i18n/i18n.ts';
import { isHybrid } from './platform.ts';

export const DEVICE_PERMISSIONS = [
  'camera',
  'read_external_storage',
  'write_external_storage',
  'read_media_images',
  'request_install_packages',
  'read_media_visual_user_selected',
] as const;
export type DevicePermission = (typeof DEVICE_PERMISSIONS)[number];

export type PermissionDeps = {
  hybrid: boolean;
  camera: () => Promise<Pick<CameraPlugin, 'requestPermissions'>>;
  confirmLeaving: () => Promise<boolean>;
  openLink: (url: string) => Promise<void>;
};

const defaults: PermissionDeps = {
  hybrid: false,
  camera: async () => (await import('@capacitor/camera')).Camera,
  confirmLeaving: async () =>
    (
      await openAlert({
        type: 'information',
        title: t('redirect.title'),
        subTitle: t('redirect.description'),
      })
    ).role === 'confirm',
  openLink: async (url) => {
    if (isHybrid()) {
      await (await import('@capacitor/browser')).Browser.open({ url });
      return;
    }
    window.open(url, '_blank', 'noopener,noreferrer');
  },
};

function isDevicePermission(name: string): name is DevicePermission {
  return (DEVICE_PERMISSIONS as readonly string[]).includes(name);
}

/**
 * Asks for a permission. For a device one: true when granted. For any other name, `url` is where the
 * customer would go: true when they confirmed and it was opened.
 */
export async function requestPermission(
  name: string,
  url?: string,
  given: Partial<PermissionDeps> = {},
): Promise<boolean> {
  const deps: PermissionDeps = { ...defaults, hybrid: isHybrid(), ...given };
  if (isDevicePermission(name)) {
    if (!deps.hybrid) return true;
    const wanted = name === 'camera' ? 'camera' : 'photos';
    const status = await (await deps.camera()).requestPermissions({ permissions: [wanted] });
    return status[wanted] === 'granted' || status[wanted] === 'limited';
  }
  if (!url || !(await deps.confirmLeaving())) return false;
  await deps.openLink(url);
  return true;
}

/**
 * Whether the payment links' 'Aviso de redireccionamiento' is said beside the pay button (the web) rather
 * than asked in a modal once it is pressed (the Android and iOS apps).
 */
export function checkoutNoticeIsInline(given: Pick<Partial<PermissionDeps>, 'hybrid'> = {}): boolean {
  return !(given.hybrid ?? isHybrid());
}

/**
 * 'Aviso de redireccionamiento' before a checkout (spec §6: a payment link), before the payment is even
 * created: true when the customer goes on. In the apps it is the modal (Cancelar/Continuar); on the web
 * the button was pressed with the notice beside it, which is the customer's going on.
 */
export function confirmLeavingForCheckout(given: Partial<PermissionDeps> = {}): Promise<boolean> {
  if (checkoutNoticeIsInline(given)) return Promise.resolve(true);
  return (given.confirmLeaving ?? defaults.confirmLeaving)();
}

/**
 * Leaves for a confirmed checkout (Mercado Pago, Ualá, the test checkout, a top-up). In the apps it opens
 * in the system browser and its return, a universal link, opens the app again (deep-links.ts); on the
 * web this tab goes, so the return lands in it.
 */
export async function goToCheckout(url: string, given: Partial<PermissionDeps> = {}): Promise<void> {
  if (given.hybrid ?? isHybrid()) {
    await (given.openLink ?? defaults.openLink)(url);
    return;
  }
  window.location.assign(url);
}

/** 'Aviso de redireccionamiento', then the link (spec §2 item 9): the help chat, an insurer's own site. */
export function openExternalLink(url: string, given: Partial<PermissionDeps> = {}): Promise<boolean> {
  return requestPermission('external_link', url, given);
}
