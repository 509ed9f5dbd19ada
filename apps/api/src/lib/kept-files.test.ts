import { describe, expect, it } from 'vitest';
import { readKept } from './kept-files.ts';
import type { Storage } from './storage.ts';

/** A storage in memory that counts its reads. */
function countingStorage(files: Record<string, Buffer>) {
  const reads: string[] = [];
  const storage = {
    kind: 'disk',
    async get(key: string) {
      reads.push(key);
      return files[key] ?? null;
    },
  } as unknown as Storage;
  return { storage, reads };
}

describe('readKept', () => {
  it('reads a file from the storage once, then from memory', async () => {
    const { storage, reads } = countingStorage({ 'logos/a.svg': Buffer.from('<svg/>') });
    expect(String(await readKept(storage, 'logos/a.svg'))).toBe('<svg/>');
    expect(String(await readKept(storage, 'logos/a.svg'))).toBe('<svg/>');
    expect(reads).toEqual(['logos/a.svg']);
  });

  it('keeps nothing for a missing file, nor a large one', async () => {
    const big = Buffer.alloc(2 * 1024 * 1024);
    const { storage, reads } = countingStorage({ 'uploads/big.jpg': big });
    expect(await readKept(storage, 'uploads/gone.jpg')).toBeNull();
    expect(await readKept(storage, 'uploads/gone.jpg')).toBeNull();
    expect((await readKept(storage, 'uploads/big.jpg'))?.length).toBe(big.length);
    expect((await readKept(storage, 'uploads/big.jpg'))?.length).toBe(big.length);
    expect(reads).toEqual(['uploads/gone.jpg', 'uploads/gone.jpg', 'uploads/big.jpg', 'uploads/big.jpg']);
  });

  it('forgets the least recently read first past its size', async () => {
    const files: Record<string, Buffer> = {};
    for (let i = 0; i < 40; i += 1) files[`uploads/${i}.jpg`] = Buffer.alloc(1024 * 1024, i);
    const { storage, reads } = countingStorage(files);
    for (let i = 0; i < 40; i += 1) await readKept(storage, `uploads/${i}.jpg`);
    reads.length = 0;
    await readKept(storage, 'uploads/39.jpg');
    await readKept(storage, 'uploads/0.jpg');
    expect(reads).toEqual(['uploads/0.jpg']);
  });
});
