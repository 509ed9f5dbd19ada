/**
 * A route's success answer that is a file (a PDF, a CSV, an upload), declared with its content type so the
 * OpenAPI document says what comes back: `{ type: 'string', format: 'binary' }`. The handler sends a
 * Buffer (or a stream), which Fastify writes as it is: no JSON serializer runs on it.
 */
import { z } from 'zod';

export const FileBytesSchema = z.instanceof(Buffer).meta({ type: 'string', format: 'binary' });

export function fileAnswer<const T extends string>(contentType: T, description: string) {
  return {
    description,
    content: { [contentType]: { schema: FileBytesSchema } } as Record<T, { schema: typeof FileBytesSchema }>,
  };
}
