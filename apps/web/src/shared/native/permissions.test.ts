import { describe, expect, it, vi } from 'vitest';
import {
  checkoutNoticeIsInline,
  confirmLeavingForCheckout,
  DEVICE_PERMISSIONS,
  openExternalLink,
  type PermissionDeps,
  requestPermission,
} from './permissions.ts';

vi.mock('../i18n/i18n.ts', () => ({ t: (key: string) => key }));

function deps(
  overrides: Partial<PermissionDeps> & { answer?: Record<string, string>; leave?: boolean } = {},
) {
  const camera = {
    requestPermissions: vi.fn(async () => ({ camera: 'granted', photos: 'denied', ...overrides.answer })),
  };
  return {
    camera,
    given: {
      hybrid: true,
      camera: async () => camera as never,
      confirmLeaving: vi.fn(async () => overrides.leave ?? true),
      openLink: vi.fn(async () => undefined),
      ...overrides,
    } satisfies PermissionDeps,
  };
}

describe('device permissions (spec §6)', () => {
  it('are granted at once on the web, without asking anything', async () => {
    const { camera, given } = deps({ hybrid: false });
    for (const name of DEVICE_PERMISSIONS) expect(await requestPermission(name, undefined, given)).toBe(true);
    expect(camera.requestPermissions).not.toHaveBeenCalled();
    expect(given.confirmLeaving).not.toHaveBeenCalled();
  });

  it('are asked in the apps: the camera as camera, storage and media as the photo library', async () => {
    const { camera, given } = deps({ answer: { camera: 'granted', photos: 'denied' } });
    expect(await requestPermission('camera', undefined, given)).toBe(true);
    expect(camera.requestPermissions).toHaveBeenLastCalledWith({ permissions: ['camera'] });
    expect(await requestPermission('read_media_images', undefined, given)).toBe(false);
    expect(camera.requestPermissions).toHaveBeenLastCalledWith({ permissions: ['photos'] });
    const limited = deps({ answer: { photos: 'limited' } });
    expect(await requestPermission('read_media_visual_user_selected', undefined, limited.given)).toBe(true);
  });
});

describe('any other permission name: leaving the app', () => {
  it("asks 'Aviso de redireccionamiento' and opens the link on Continuar", async () => {
    const { given } = deps({ leave: true });
    expect(await requestPermission('payment', 'https://pagos.example/checkout', given)).toBe(true);
    expect(given.confirmLeaving).toHaveBeenCalledOnce();
    expect(given.openLink).toHaveBeenCalledExactlyOnceWith('https://pagos.example/checkout');
  });

  it('opens nothing on Cancelar, nor without a link', async () => {
    const { given } = deps({ leave: false });
    expect(await openExternalLink('https://chat.example', given)).toBe(false);
    expect(given.openLink).not.toHaveBeenCalled();
    const other = deps();
    expect(await requestPermission('messaging', undefined, other.given)).toBe(false);
    expect(other.given.confirmLeaving).not.toHaveBeenCalled();
  });
});

describe('payment links (issue 19, docs/decisions/026)', () => {
  it('on the web go on at once: the notice was said beside the pay button', async () => {
    const { given } = deps({ hybrid: false, leave: false });
    expect(checkoutNoticeIsInline(given)).toBe(true);
    expect(await confirmLeavingForCheckout(given)).toBe(true);
    expect(given.confirmLeaving).not.toHaveBeenCalled();
  });

  it("in the apps ask 'Aviso de redireccionamiento' in the modal: Continuar goes on, Cancelar does not", async () => {
    const leaving = deps({ hybrid: true, leave: true });
    expect(checkoutNoticeIsInline(leaving.given)).toBe(false);
    expect(await confirmLeavingForCheckout(leaving.given)).toBe(true);
    expect(leaving.given.confirmLeaving).toHaveBeenCalledOnce();
    const staying = deps({ hybrid: true, leave: false });
    expect(await confirmLeavingForCheckout(staying.given)).toBe(false);
  });
});
