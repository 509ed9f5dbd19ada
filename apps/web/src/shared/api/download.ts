/**
 * File downloads (spec §7): a GET with the stored token in the Authorization header, the answer read as a
 * blob and saved under the name its content-disposition gives. A failed download shows the error and
 * returns false (spec §8). Apart from the client so the first page does not carry it. In the apps the
 * file goes to the device and the Share sheet instead (docs/decisions/014).
 */
import { handleError } from '../errors/error-handler.tsx';
import { isHybrid } from '../native/platform.ts';
import { requestFailure, sendRequest } from './client.ts';

/** `attachment; filename="a.pdf"` or RFC 5987's `filename*=UTF-8''a%20b.pdf` → the file's name. */
export function filenameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const encoded = /filename\*\s*=\s*utf-8''([^;]+)/i.exec(disposition)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim());
    } catch {
      // Malformed: fall back to the plain parameter.
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;]+))/i.exec(disposition);
  return (plain?.[1] ?? plain?.[2])?.trim() || null;
}

/**
 * Hands a blob to the browser as a download; in the Android and iOS apps, whose WebViews ignore
 * downloads, saves it on the device and opens the Share sheet (shared/native/save-file.ts).
 */
export async function saveBlob(blob: Blob, filename: string): Promise<void> {
  if (isHybrid()) {
    const { nativeFileDeps, saveAndShare } = await import('../native/save-file.ts');
    await saveAndShare(blob, filename, await nativeFileDeps());
    return;
  }
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the object URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export type DownloadOptions = {
  /** Name to save under when the answer does not give one. */
  fallbackName: string;
  /** Call site for the central error handler. */
  site: number;
};

/** Downloads and saves a file; true when it was saved, false (after showing why) when it failed. */
export async function downloadFile(path: string, { fallbackName, site }: DownloadOptions): Promise<boolean> {
  try {
    const sent = await sendRequest(path, { method: 'GET' }, '*/*');
    if (!sent.response.ok) throw await requestFailure(sent);
    const blob = await sent.response.blob();
    await saveBlob(blob, filenameOf(sent.response.headers.get('content-disposition')) ?? fallbackName);
    return true;
  } catch (error) {
    handleError(error, site);
    return false;
  }
}
