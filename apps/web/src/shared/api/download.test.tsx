import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithMantine } from '../../../test/render.tsx';
import { StorageKey, storage } from '../storage/storage.ts';
import { ToastHost } from '../toasts/toasts.tsx';
import { setSessionEventHandlers } from './client.ts';
import { downloadFile, filenameOf } from './download.ts';

function stubDownload(response: Response) {
  const fetchMock = vi.fn(async () => response);
  vi.stubGlobal('fetch', fetchMock);
  const saved: Array<{ name: string; href: string }> = [];
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push({ name: this.download, href: this.href });
  });
  // jsdom has no object URLs.
  URL.createObjectURL = vi.fn(() => 'blob:pdf');
  URL.revokeObjectURL = vi.fn();
  return { fetchMock, saved, click };
}

const pdf = (headers: Record<string, string> = {}) =>
  new Response(new Blob(['%PDF-1.7'], { type: 'application/pdf' }), {
    status: 200,
    headers: { 'content-type': 'application/pdf', ...headers },
  });

describe('file downloads (spec §7, §8)', () => {
  it('sends the stored token in the Authorization header and saves under the name of content-disposition', async () => {
    await storage.set(StorageKey.token, 'tok-123');
    const { fetchMock, saved } = stubDownload(
      pdf({ 'content-disposition': 'attachment; filename="celular-protegido.pdf"' }),
    );

    await expect(
      downloadFile('/customers/insurances/21/certificate', { fallbackName: 'constancia.pdf', site: 71 }),
    ).resolves.toBe(true);

    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v4/customers/insurances/21/certificate');
    expect(init.method).toBe('GET');
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer tok-123');
    expect(saved).toEqual([{ name: 'celular-protegido.pdf', href: 'blob:pdf' }]);
  });

  it('saves under the fallback name when the answer gives none', async () => {
    const { saved } = stubDownload(pdf());
    await downloadFile('/customers/insurances/21/certificate', {
      fallbackName: 'bolso-protegido.pdf',
      site: 71,
    });
    expect(saved.map((file) => file.name)).toEqual(['bolso-protegido.pdf']);
  });

  it('returns false and shows the API’s message when the download fails, saving nothing', async () => {
    renderWithMantine(<ToastHost />);
    const { saved } = stubDownload(
      new Response(
        JSON.stringify({
          message: 'La constancia está disponible cuando la contratación está vigente.',
          error_code: 'conflict',
        }),
        { status: 409, headers: { 'content-type': 'application/json' } },
      ),
    );

    await expect(
      downloadFile('/customers/insurances/21/certificate', { fallbackName: 'constancia.pdf', site: 71 }),
    ).resolves.toBe(false);
    expect(
      await screen.findByText('La constancia está disponible cuando la contratación está vigente.'),
    ).toBeInTheDocument();
    expect(saved).toEqual([]);
  });

  it('returns false when the network fails, and hands a 401 to the session like any call', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(downloadFile('/x', { fallbackName: 'x.pdf', site: 71 })).resolves.toBe(false);

    await storage.set(StorageKey.token, 'expired');
    const onUnauthorized = vi.fn();
    setSessionEventHandlers({ onUnauthorized });
    stubDownload(new Response(null, { status: 401 }));
    await expect(downloadFile('/x', { fallbackName: 'x.pdf', site: 71 })).resolves.toBe(false);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('reads plain, quoted and RFC 5987 file names', () => {
    expect(filenameOf('attachment; filename="celular-protegido.pdf"')).toBe('celular-protegido.pdf');
    expect(filenameOf('attachment; filename=vida.pdf')).toBe('vida.pdf');
    expect(filenameOf('attachment; filename="a.pdf"; filename*=UTF-8\'\'compra%20protegida.pdf')).toBe(
      'compra protegida.pdf',
    );
    expect(filenameOf('inline')).toBeNull();
    expect(filenameOf(null)).toBeNull();
  });
});
