/**
 * The checks the server makes on a claim's files, made first in the app so the customer hears at once:
 * a photo (JPG, PNG, WEBP) or a PDF, not empty, at most 5 MB, at most 10 per claim. The server still
 * checks the bytes; this only reads the type the browser reports.
 */
import {
  CLAIM_ATTACHMENT_MAX_BYTES,
  CLAIM_ATTACHMENT_TYPES,
  CLAIM_MAX_ATTACHMENTS,
} from '@cubierto/contracts';

export type AttachmentProblem = 'type' | 'size' | 'empty' | 'count';

export function checkAttachmentFile(
  file: Pick<File, 'type' | 'size'>,
  alreadyChosen: number,
): AttachmentProblem | null {
  if (alreadyChosen >= CLAIM_MAX_ATTACHMENTS) return 'count';
  if (!(CLAIM_ATTACHMENT_TYPES as readonly string[]).includes(file.type)) return 'type';
  if (file.size === 0) return 'empty';
  if (file.size > CLAIM_ATTACHMENT_MAX_BYTES) return 'size';
  return null;
}

export const isImage = (contentType: string) => contentType.startsWith('image/');
