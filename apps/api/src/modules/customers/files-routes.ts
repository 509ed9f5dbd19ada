/**
 * /files/{avatars|logos}/{name}: avatar and logo images for <img> tags, which cannot send a bearer token. The key is
 * random (unguessable) and only files of kind 'avatar' are served here; documents use owner-checked routes.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fileAnswer } from '../../lib/file-answer.ts';
import { readPublicImage } from './files-service.ts';

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
        response: {
          200: fileAnswer(
            'image/*',
            'The image (JPEG, PNG, WebP or an SVG logo), cached for a year: its name never changes.',
          ),
        },
      },
    },
    async (request, reply) => {
      const file = await readPublicImage(app.deps, request.params);
      return (
        reply
          .header('content-type', file.contentType)
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('x-content-type-options', 'nosniff')
          // An SVG opened on its own must not run anything.
          .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
          // Public images: the mobile apps' pages (another origin, docs/decisions/014) show them too.
          .header('cross-origin-resource-policy', 'cross-origin')
          .send(file.data)
      );
    },
  );
};
