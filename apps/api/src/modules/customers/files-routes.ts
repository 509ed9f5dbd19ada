/**
 * /files/avatars/{name}: avatar images for <img> tags, which cannot send a bearer token. The key is
 * random (unguessable) and only files of kind 'avatar' are served here; documents use owner-checked routes.
 */
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { files } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';

export const filesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/avatars/:name',
    { schema: { tags: ['files'], params: z.object({ name: z.string().regex(/^[\w-]+\.(jpg|png|webp)$/) }) } },
    async (request, reply) => {
      const key = `avatars/${request.params.name}`;
      const [file] = await app.deps.db.select().from(files).where(eq(files.storageKey, key)).limit(1);
      if (!file || file.kind !== 'avatar') throw new AppError('not_found');
      const data = await app.deps.storage.get(key);
      if (!data) throw new AppError('not_found');
      return reply
        .header('content-type', file.contentType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(data);
    },
  );
};
