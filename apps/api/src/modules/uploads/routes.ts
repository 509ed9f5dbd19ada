/** /customers/uploads: photos of insured objects (multipart `file`, `kind`), read back only by their owner. */
import { UPLOAD_KINDS, UploadSchema } from '@cubierto/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fileAnswer } from '../../lib/file-answer.ts';
import { caller } from '../../lib/request-context.ts';
import { readOwnUpload, storeUpload } from './service.ts';

const tags = ['uploads'];
const security = [{ bearer: [] }];

export const uploadRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.post(
    '/',
    {
      schema: {
        tags,
        security,
        consumes: ['multipart/form-data'],
        body: z.strictObject({
          kind: z.enum(UPLOAD_KINDS, { error: 'Tipo de archivo no permitido.' }),
          /** The image file (multipart only); checked by content, re-encoded without metadata. */
          file: z.unknown(),
        }),
        response: { 201: z.object({ data: UploadSchema }) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        data: await storeUpload(
          {
            db: deps.db,
            storage: deps.storage,
            uploadLimit: deps.config.uploadLimit,
            images: deps.config.images,
          },
          { userId: caller(request).userId, kind: request.body.kind, data: request.body.file },
        ),
      }),
  );

  app.get(
    '/:id',
    {
      schema: {
        tags,
        security,
        params: z.object({ id: z.coerce.number().int().positive() }),
        response: { 200: fileAnswer('image/*', 'The photo (JPEG, PNG or WebP), to its owner only.') },
      },
    },
    async (request, reply) => {
      const file = await readOwnUpload(deps, { userId: caller(request).userId, id: request.params.id });
      return reply
        .header('content-type', file.contentType)
        .header('cache-control', 'private, max-age=3600')
        .header('x-content-type-options', 'nosniff')
        .send(file.data);
    },
  );
};
