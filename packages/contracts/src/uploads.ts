/** Customer uploads (POST /customers/uploads): photos of insured objects, owned by the uploader. */
import { z } from 'zod';

export const UPLOAD_KINDS = ['risk_photo'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

/** The stored file: its id goes in the contract's answers (photos), its bytes are read back by id. */
export const UploadSchema = z.object({
  id: z.number(),
  kind: z.enum(UPLOAD_KINDS),
  content_type: z.string(),
  size_bytes: z.number(),
});
export type Upload = z.infer<typeof UploadSchema>;
