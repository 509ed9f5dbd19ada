import { describe, expect, it, vi } from 'vitest';
import { deviceFileName, type SaveFileDeps, saveAndShare } from './save-file.ts';

function fakePlugins(shareFails?: Error) {
  const writeFile = vi.fn(async (options: { path: string }) => ({ uri: `file:///cache/${options.path}` }));
  const share = vi.fn(async () => {
    if (shareFails) throw shareFails;
    return {};
  });
  return {
    deps: { filesystem: { writeFile }, share: { share } } as unknown as SaveFileDeps,
    writeFile,
    share,
  };
}

describe('files in the apps (the Filesystem plugin, then the Share sheet)', () => {
  it('writes the bytes to the cache folder and shares that file', async () => {
    const { deps, writeFile, share } = fakePlugins();
    const pdf = new Blob([new Uint8Array([0x25, 0x50, 0x44, 0x46, 0xff, 0x00])], { type: 'application/pdf' });

    await saveAndShare(pdf, 'bolso-protegido.pdf', deps);

    expect(writeFile).toHaveBeenCalledWith({
      path: 'descargas/bolso-protegido.pdf',
      data: btoa(String.fromCharCode(0x25, 0x50, 0x44, 0x46, 0xff, 0x00)),
      directory: 'CACHE',
      recursive: true,
    });
    expect(share).toHaveBeenCalledWith({
      title: 'bolso-protegido.pdf',
      files: ['file:///cache/descargas/bolso-protegido.pdf'],
      dialogTitle: 'bolso-protegido.pdf',
    });
  });

  it('keeps a large file whole (written in slices, not as one argument list)', async () => {
    const { deps, writeFile } = fakePlugins();
    const bytes = new Uint8Array(300_000).map((_, n) => n % 251);
    await saveAndShare(new Blob([bytes]), 'grande.pdf', deps);
    const [options] = writeFile.mock.calls[0] as unknown as [{ data: string }];
    const written = atob(options.data);
    expect(written.length).toBe(300_000);
    expect(written.charCodeAt(299_999)).toBe(299_999 % 251);
  });

  it('treats closing the Share sheet as done, and any other failure as a failure', async () => {
    await expect(
      saveAndShare(new Blob(['x']), 'a.csv', fakePlugins(new Error('Share canceled')).deps),
    ).resolves.toBeUndefined();
    await expect(
      saveAndShare(new Blob(['x']), 'a.csv', fakePlugins(new Error('No space left')).deps),
    ).rejects.toThrow('No space left');
  });

  it('never writes outside its folder, whatever the name the server gave', () => {
    expect(deviceFileName('../../etc/passwd')).toBe('-..-etc-passwd');
    expect(deviceFileName('Constancia: Bolso/1.pdf')).toBe('Constancia- Bolso-1.pdf');
    expect(deviceFileName('')).toBe('archivo');
  });
});
