/**
 * /files/{avatars|logos}/{name}: avatar and logo images for <img> tags, which cannot send a bearer token. The key is
 * random (unguessable) and only files of kind 'avatar' are served here; documents use owner-checked routes.
 */
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { files } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';

/** Public images: avatars (random names) and insurers' logos. Nothing else is served without an owner check. */
const PUBLIC_KINDS = { avatars: 'avatar', logos: 'logo' } as const;

export const filesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:folder/:name',
    {
      schema: {
        tags: ['files'],
        params: z.object({
          folder: z.enum(['avatars', 'logos']),
          name: z.string().regex(/^[\w-]+\.(jpg|png|webp|svg)$/),
        }),
      },
    },
    async (request, reply) => {
      const key = `${request.params.folder}/${request.params.name}`;
      const [file] = await app.deps.db.select().from(files).where(eq(files.storageKey, key)).limit(1);
      if (!file || file.kind !== PUBLIC_KINDS[request.params.folder]) throw new AppError('not_found');
      const data = await app.deps.storage.get(key);
      if (!data) throw new AppError('not_found');
      return (
        reply
          .header('content-type', file.contentType)
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('x-content-type-options', 'nosniff')
          // An SVG opened on its own must not run anything.
          .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
          // Public images: the mobile apps' pages (another origin, docs/decisions/014) show them too.
          .header('cross-origin-resource-policy', 'cross-origin')
          .send(data)
      );
    },
  );
};
