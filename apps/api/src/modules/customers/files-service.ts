/** The public images (avatars, insurers' logos) read by their random storage key, for <img> tags. */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { files } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { readKept } from '../../lib/kept-files.ts';
import { preparedPerDatabase } from '../../lib/prepared.ts';
import type { Storage } from '../../lib/storage.ts';

/** Public images: avatars (random names) and insurers' logos. Nothing else is served without an owner check. */
export const PUBLIC_KINDS = { avatars: 'avatar', logos: 'logo' } as const;
export type PublicFolder = keyof typeof PUBLIC_KINDS;

/**
 * The file row by its storage key, prepared (lib/prepared.ts): every catalogue card asks for its insurer's
 * logo, and building and planning the select cost more than running it (issue 22).
 */
const preparedFileByKey = preparedPerDatabase((db: Db) =>
  db
    .select({ kind: files.kind, contentType: files.contentType })
    .from(files)
    .where(eq(files.storageKey, sql.placeholder('key')))
    .limit(1)
    .prepare('files_by_storage_key'),
);

/** A public image's bytes and type; 404 for any other kind of file, or one that is gone. */
export async function readPublicImage(
  deps: { db: Db; storage: Storage },
  input: { folder: PublicFolder; name: string },
): Promise<{ data: Buffer; contentType: string }> {
  const key = `${input.folder}/${input.name}`;
  const [file] = await preparedFileByKey(deps.db).execute({ key });
  if (!file || file.kind !== PUBLIC_KINDS[input.folder]) throw new AppError('not_found');
  const data = await readKept(deps.storage, key);
  if (!data) throw new AppError('not_found');
  return { data, contentType: file.contentType };
}
