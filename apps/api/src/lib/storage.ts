/**
 * File storage behind one interface: local disk by default (UPLOADS_DIR); an S3-compatible store can
 * implement the same three calls in production. Keys are random, so a file's URL cannot be guessed.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import { AppError } from './errors.ts';
import { newToken } from './tokens.ts';

export type Storage = {
  put(key: string, data: Buffer): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  remove(key: string): Promise<void>;
};

export function createDiskStorage(root: string): Storage {
  const full = (key: string) => {
    const p = path.resolve(root, key);
    if (!p.startsWith(path.resolve(root) + path.sep)) throw new AppError('bad_request');
    return p;
  };
  return {
    async put(key, data) {
      const p = full(key);
      await mkdir(path.dirname(p), { recursive: true });
      await writeFile(p, data);
    },
    async get(key) {
      try {
        return await readFile(full(key));
      } catch {
        return null;
      }
    },
    async remove(key) {
      await rm(full(key), { force: true });
    },
  };
}

export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/**
 * Checks an upload by its bytes, never its name: the detected type must be allowed and the size
 * within the limit. Returns the detected type and a fresh storage key.
 */
export async function inspectUpload(
  data: Buffer,
  options: {
    allowed: readonly string[];
    maxBytes: number;
    field: string;
    kind: string;
    /** What to say when the bytes are of another type (images only, by default). */
    invalidMessage?: string;
  },
): Promise<{ contentType: string; key: string; extension: string }> {
  if (data.length === 0) {
    throw new AppError('validation_failed', { validations: { [options.field]: ['El archivo está vacío.'] } });
  }
  if (data.length > options.maxBytes) {
    const mb = (options.maxBytes / 1_048_576).toFixed(0);
    throw new AppError('validation_failed', {
      validations: { [options.field]: [`El archivo supera los ${mb} MB.`] },
    });
  }
  const detected = await fileTypeFromBuffer(data);
  if (!detected || !options.allowed.includes(detected.mime)) {
    throw new AppError('validation_failed', {
      validations: {
        [options.field]: [options.invalidMessage ?? 'El archivo no es una imagen válida (JPG, PNG o WEBP).'],
      },
    });
  }
  return {
    contentType: detected.mime,
    extension: detected.ext,
    key: `${options.kind}/${newToken(18)}.${detected.ext}`,
  };
}
