/**
 * Files in the Android and iOS apps (docs/decisions/014): a WebView ignores `<a download>`, so a
 * certificate, an invoice or a sample CSV is written to the app's cache folder with the Filesystem plugin
 * and handed to the system's Share sheet, from which the customer opens, saves or sends it. The web keeps
 * its ordinary download (shared/api/download.ts). The plugins come in as parameters so tests drive this
 * through their interfaces; download.ts loads them only in the apps.
 */
import type { Directory, FilesystemPlugin } from '@capacitor/filesystem';
import type { SharePlugin } from '@capacitor/share';

export type SaveFileDeps = {
  filesystem: Pick<FilesystemPlugin, 'writeFile'>;
  share: Pick<SharePlugin, 'share'>;
};

/** The plugin's Directory.Cache, written out so the enum (and the plugin) does not load on the web. */
const CACHE = 'CACHE' as Directory;

/** A name safe for a file system: no folders, nothing a shell or a share target could misread. */
export function deviceFileName(filename: string): string {
  const safe = filename.replace(/[/\\:*?"<>|\p{Cc}]+/gu, '-').replace(/^\.+/, '');
  return safe || 'archivo';
}

async function base64Of(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  // In slices: String.fromCharCode with a whole PDF's bytes as arguments overflows the stack.
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

/** Writes the file into the app's cache folder and opens the Share sheet with it. */
export async function saveAndShare(blob: Blob, filename: string, deps: SaveFileDeps): Promise<void> {
  const name = deviceFileName(filename);
  const { uri } = await deps.filesystem.writeFile({
    path: `descargas/${name}`,
    data: await base64Of(blob),
    directory: CACHE,
    recursive: true,
  });
  try {
    await deps.share.share({ title: name, files: [uri], dialogTitle: name });
  } catch (error) {
    // Closing the sheet without choosing is not a failure: the file was saved.
    if (!/cancel/i.test(error instanceof Error ? error.message : String(error))) throw error;
  }
}

/** The real plugins, loaded on demand (only ever in the apps). */
export async function nativeFileDeps(): Promise<SaveFileDeps> {
  const [{ Filesystem }, { Share }] = await Promise.all([
    import('@capacitor/filesystem'),
    import('@capacitor/share'),
  ]);
  return { filesystem: Filesystem, share: Share };
}
