/**
 * File storage behind one interface, used for every stored file (avatars, claim attachments, insurers'
 * logos, photos of insured objects): the local disk by default (UPLOADS_DIR, one instance or a volume
 * shared by all), or an S3-compatible bucket (STORAGE_URL=s3://bucket/prefix) that every API instance
 * shares. Keys are random, so a file's URL cannot be guessed; files are always served through the API,
 * which checks who may read them and sets their content type.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { fileTypeFromBuffer } from 'file-type';
import type { StorageConfig } from '../config.ts';
import { AppError } from './errors.ts';
import { DEFAULT_IMAGE_LIMITS, type ImageLimits, isReencodedImage, reencodeImage } from './images.ts';
import { newToken } from './tokens.ts';

/** One stored file as a listing shows it. */
export type StoredObject = { key: string; size: number; lastModified: Date };

export type Storage = {
  readonly kind: 'disk' | 's3';
  put(key: string, data: Buffer, contentType?: string): Promise<void>;
  /** The file's bytes, or null when there is no such file. */
  get(key: string): Promise<Buffer | null>;
  /** Deletes the file; a missing file is not an error. */
  remove(key: string): Promise<void>;
  /** Every file whose key starts with `prefix` ('' for all), page by page. */
  list(prefix: string): AsyncIterable<StoredObject>;
  /** Throws when the store cannot be reached (readiness probe). */
  check(): Promise<void>;
  close(): void;
};

/** Keys are 'folder/name' paths of word characters, dots and dashes: never absolute, never '..'. */
const KEY = /^[\w-]+(\/[\w-][\w.-]*)+$/;

function assertKey(key: string): void {
  if (!KEY.test(key) || key.split('/').includes('..')) throw new AppError('bad_request');
}

/** The driver the configuration names. */
export function createStorage(config: StorageConfig): Storage {
  return config.kind === 's3' ? createS3Storage(config) : createDiskStorage(config.dir);
}

export function createDiskStorage(root: string): Storage {
  const base = path.resolve(root);
  const full = (key: string) => {
    assertKey(key);
    const p = path.resolve(base, key);
    if (!p.startsWith(base + path.sep)) throw new AppError('bad_request');
    return p;
  };
  async function* walk(dir: string, keyPrefix: string): AsyncGenerator<StoredObject> {
    let entries: import('node:fs').Dirent[];
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch {
      return;
    }
    entries.sort((a, b) => a.name.localeCompare(b.name));
    for (const entry of entries) {
      const key = keyPrefix ? `${keyPrefix}/${entry.name}` : entry.name;
      const p = path.join(dir, entry.name);
      if (entry.isDirectory()) yield* walk(p, key);
      else if (entry.isFile()) {
        const info = await stat(p).catch(() => undefined);
        if (info) yield { key, size: info.size, lastModified: info.mtime };
      }
    }
  }
  return {
    kind: 'disk',
    async put(key, data) {
      const p = full(key);
      await mkdir(path.dirname(p), { recursive: true });
      // Written aside and renamed: a reader (another instance on a shared volume) never sees half a file.
      const partial = `${p}.${randomUUID()}.part`;
      await writeFile(partial, data);
      await rename(partial, p);
    },
    async get(key) {
      const p = full(key);
      try {
        return await readFile(p);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async remove(key) {
      await rm(full(key), { force: true });
    },
    async *list(prefix) {
      // Walks only the folder the prefix is in.
      const folder = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : '';
      if (folder && !/^[\w-]+(\/[\w-][\w.-]*)*$/.test(folder)) throw new AppError('bad_request');
      for await (const object of walk(folder ? path.join(base, folder) : base, folder)) {
        if (object.key.startsWith(prefix)) yield object;
      }
    },
    async check() {
      await mkdir(base, { recursive: true });
      await stat(base);
    },
    close() {},
  };
}

export type S3StorageOptions = Extract<StorageConfig, { kind: 's3' }>;

/**
 * An S3-compatible bucket (AWS S3, MinIO, Ceph, R2 …). `prefix` keeps this deployment's files apart in
 * a shared bucket. Credentials: the given pair, else the SDK's usual chain (AWS_* variables, a role).
 */
export function createS3Storage(options: S3StorageOptions): Storage {
  const client = new S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    forcePathStyle: options.forcePathStyle,
    ...(options.accessKeyId && options.secretAccessKey
      ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
      : {}),
    // Checksums only where S3 requires them: S3-compatible stores do not all know the newer ones.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
  });
  const Bucket = options.bucket;
  const objectKey = (key: string) => {
    assertKey(key);
    return `${options.prefix}${key}`;
  };
  const isMissing = (error: unknown) => {
    const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
    return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
  };
  return {
    kind: 's3',
    async put(key, data, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: objectKey(key),
          Body: data,
          ContentType: contentType ?? 'application/octet-stream',
        }),
      );
    },
    async get(key) {
      try {
        const out = await client.send(new GetObjectCommand({ Bucket, Key: objectKey(key) }));
        return out.Body ? Buffer.from(await out.Body.transformToByteArray()) : Buffer.alloc(0);
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
    },
    async *list(prefix) {
      // Paged by StartAfter (the last key seen) rather than continuation tokens, which not every
      // S3-compatible store implements; S3 lists in key order either way.
      let after: string | undefined;
      for (;;) {
        const page = await client.send(
          new ListObjectsV2Command({
            Bucket,
            Prefix: `${options.prefix}${prefix}`,
            ...(after ? { StartAfter: after } : {}),
          }),
        );
        const contents = page.Contents ?? [];
        for (const object of contents) {
          if (!object.Key) continue;
          yield {
            key: object.Key.slice(options.prefix.length),
            size: object.Size ?? 0,
            lastModified: object.LastModified ?? new Date(0),
          };
        }
        after = contents.at(-1)?.Key;
        if (!page.IsTruncated || !after) return;
      }
    },
    async check() {
      await client.send(new ListObjectsV2Command({ Bucket, Prefix: options.prefix, MaxKeys: 1 }));
    },
    close() {
      client.destroy();
    },
  };
}

export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/**
 * Checks an upload by its bytes, never its name: the detected type must be allowed and the size
 * within the limit. An image (JPG, PNG, WEBP) is then re-encoded by lib/images.ts, which refuses one
 * whose declared dimensions exceed `images` or that cannot be decoded, and strips its metadata; other
 * types (a claim's PDF) are kept as they came. Returns the detected type, the bytes to store and a fresh
 * storage key.
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
    /** The image limits (config's IMAGE_* variables); the defaults of lib/images.ts otherwise. */
    images?: ImageLimits | undefined;
  },
): Promise<{ contentType: string; key: string; extension: string; data: Buffer }> {
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
  const stored = isReencodedImage(detected.mime)
    ? await reencodeImage(data, {
        format: detected.mime,
        field: options.field,
        limits: options.images ?? DEFAULT_IMAGE_LIMITS,
      })
    : data;
  return {
    contentType: detected.mime,
    extension: detected.ext,
    key: `${options.kind}/${newToken(18)}.${detected.ext}`,
    data: stored,
  };
}
