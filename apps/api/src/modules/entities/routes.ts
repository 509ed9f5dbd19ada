/** /customers/entities: the entities the caller acts for; search by DNI/CUIT (search-entity); create. */
import { EntitySearchQuerySchema, NewEntitySchema } from '@cubierto/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../lib/request-context.ts';
import { createUserEntity, findUserEntities } from './service.ts';

const tags = ['entities'];
const security = [{ bearer: [] }];
const Data = z.object({ data: z.unknown() });

export const entityRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get('/', { schema: { tags, security, response: { 200: Data } } }, async (request) => ({
    data: await findUserEntities(deps.db, caller(request).userId),
  }));

  app.get(
    '/search',
    { schema: { tags, security, querystring: EntitySearchQuerySchema, response: { 200: Data } } },
    async (request) => ({
      data: await findUserEntities(deps.db, caller(request).userId, request.query.document),
    }),
  );

  app.post(
    '/',
    {
      schema: {
        tags,
        security,
        body: NewEntitySchema,
        response: { 201: Data },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await createUserEntity(deps.db, caller(request).userId, request.body) }),
  );
};
