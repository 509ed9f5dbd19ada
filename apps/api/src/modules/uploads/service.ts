/**
 * Customer uploads (photos of insured objects): checked by content and size, re-encoded without metadata
 * (lib/images.ts), owned by the uploader.
 */
import type { Upload, UploadKind } from '@cubierto/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { files } from '../../db/schema/index.ts';
import { AppError, validationError } from '../../lib/errors.ts';
import type { ImageLimits } from '../../lib/images.ts';
import { readKept } from '../../lib/kept-files.ts';
import { preparedPerDatabase } from '../../lib/prepared.ts';
import { IMAGE_TYPES, inspectUpload, type Storage } from '../../lib/storage.ts';

export async function storeUpload(
  deps: { db: Db; storage: Storage; uploadLimit: number; images?: ImageLimits },
  input: { userId: number; kind: UploadKind; data: unknown },
): Promise<Upload> {
  if (!Buffer.isBuffer(input.data)) throw validationError({ file: ['Adjuntá una imagen.'] });
  const checked = await inspectUpload(input.data, {
    allowed: IMAGE_TYPES,
    maxBytes: deps.uploadLimit,
    field: 'file',
    kind: 'uploads',
    images: deps.images,
  });
  await deps.storage.put(checked.key, checked.data, checked.contentType);
  const [file] = await deps.db
    .insert(files)
    .values({
      ownerUserId: input.userId,
      kind: input.kind,
      contentType: checked.contentType,
      sizeBytes: checked.data.length,
      storageKey: checked.key,
    })
    .returning();
  return { id: file!.id, kind: input.kind, content_type: file!.contentType, size_bytes: file!.sizeBytes };
}

/** 422 on the field unless every id is an upload of this user of that kind. */
export async function assertOwnUploads(
  db: DbOrTx,
  userId: number,
  ids: number[],
  kind: string,
  field: string,
) {
  const rows = await db
    .select({ id: files.id })
    .from(files)
    .where(and(inArray(files.id, ids), eq(files.ownerUserId, userId), eq(files.kind, kind)));
  if (rows.length !== new Set(ids).size)
    throw validationError({ [field]: ['Subí las fotos de nuevo: no las encontramos.'] });
}

/** The caller's own upload by id, prepared (lib/prepared.ts): the contract's photo step shows each one. */
const preparedOwnUpload = preparedPerDatabase((db: Db) =>
  db
    .select({ storageKey: files.storageKey, contentType: files.contentType })
    .from(files)
    .where(and(eq(files.id, sql.placeholder('id')), eq(files.ownerUserId, sql.placeholder('userId'))))
    .prepare('uploads_own_by_id'),
);

export async function readOwnUpload(
  deps: { db: Db; storage: Storage },
  { userId, id }: { userId: number; id: number },
) {
  const [file] = await preparedOwnUpload(deps.db).execute({ id, userId });
  if (!file) throw new AppError('not_found');
  const data = await readKept(deps.storage, file.storageKey);
  if (!data) throw new AppError('not_found');
  return { data, contentType: file.contentType };
}
