import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEEP_LINK_DELAY_MS, deepLinkPath, listenForDeepLinks, PUBLIC_HOSTS } from './deep-links.ts';

const RETURN =
  '?status=approved&external_reference=abc-123&insurance_id=42&custom_status=&mercado_pago_transfer=false';

describe('deep link paths', () => {
  it("maps the app's scheme to the same in-app path and keeps the query exactly", () => {
    expect(deepLinkPath(`cubierto://tabs${RETURN}`, PUBLIC_HOSTS)).toBe(`/tabs${RETURN}`);
    expect(deepLinkPath(`cubierto:///tabs${RETURN}`, PUBLIC_HOSTS)).toBe(`/tabs${RETURN}`);
    expect(deepLinkPath('cubierto://customers/insurances/42', PUBLIC_HOSTS)).toBe('/customers/insurances/42');
    expect(deepLinkPath('cubierto://tabs?credit_wallet=true', PUBLIC_HOSTS)).toBe('/tabs?credit_wallet=true');
  });

  it('maps universal links of the public site, and ignores any other host or scheme', () => {
    expect(deepLinkPath(`https://cubierto.com.ar/tabs${RETURN}`, PUBLIC_HOSTS)).toBe(`/tabs${RETURN}`);
    expect(deepLinkPath('https://www.cubierto.com.ar/notifications/7', PUBLIC_HOSTS)).toBe(
      '/notifications/7',
    );
    expect(deepLinkPath('https://cubierto.com.ar.evil.example/tabs', PUBLIC_HOSTS)).toBeNull();
    expect(deepLinkPath('http://cubierto.com.ar/tabs', PUBLIC_HOSTS)).toBeNull();
    expect(deepLinkPath('otraapp://tabs', PUBLIC_HOSTS)).toBeNull();
    expect(deepLinkPath('not a url', PUBLIC_HOSTS)).toBeNull();
  });
});

describe('deep link listener', () => {
  afterEach(() => vi.useRealTimers());

  it('navigates 500 ms after the app is opened with a link of ours, and not for a foreign one', async () => {
    vi.useFakeTimers();
    let open: ((event: { url: string }) => void) | undefined;
    const remove = vi.fn(async () => undefined);
    const app = {
      addListener: vi.fn(async (_event: string, listener: (event: { url: string }) => void) => {
        open = listener;
        return { remove };
      }),
    };
    const navigate = vi.fn();
    const closeBrowser = vi.fn(async () => undefined);
    const stop = await listenForDeepLinks({
      app: app as never,
      navigate,
      publicHosts: PUBLIC_HOSTS,
      closeBrowser,
    });
    expect(app.addListener).toHaveBeenCalledWith('appUrlOpen', expect.any(Function));

    open?.({ url: `cubierto://tabs${RETURN}` });
    open?.({ url: 'https://elsewhere.example/tabs' });
    vi.advanceTimersByTime(DEEP_LINK_DELAY_MS - 1);
    expect(navigate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(navigate).toHaveBeenCalledExactlyOnceWith(`/tabs${RETURN}`);
    // The checkout's browser closes once its return is back in the app; a foreign link leaves it alone.
    expect(closeBrowser).toHaveBeenCalledOnce();
    await stop();
    expect(remove).toHaveBeenCalledOnce();
  });
});
