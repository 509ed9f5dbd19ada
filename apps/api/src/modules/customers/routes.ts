/** /customers/user: the caller's own profile and context. Every route here is the caller's own data only. */
import { ContextSchema, ProfileUpdateSchema, UpdateContextBodySchema, UserSchema } from '@cubierto/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { parseLoad, type RawQuery, RawQuerySchema } from '../../lib/list-query.ts';
import { formPut } from '../../lib/method-override.ts';
import { cachedAnswers } from '../../lib/read-cache.ts';
import { caller, rejectDuringMaintenance, requireCustomer } from '../../lib/request-context.ts';
import { privacyRoutes } from '../privacy/routes.ts';
import {
  findCustomerUser,
  findUserContext,
  setUserContext,
  USER_RELATIONS,
  updateProfile,
} from './service.ts';

const tags = ['customers'];
const security = [{ bearer: [] }];

/** The relations GET /customers/user is asked to load (spec §7). */
function relationsOf(query: RawQuery): Set<string> {
  const load = parseLoad(query, { User: USER_RELATIONS, Entity: [], TakerEntity: [], Place: [] });
  const relations = new Set(load.User ?? []);
  // load[Entity], load[TakerEntity] and load[Place] (spec §7) each ask for that relation too.
  if (load.Entity) relations.add('entity');
  if (load.TakerEntity) relations.add('takerEntity');
  if (load.Place) relations.add('place');
  return relations;
}

export const customerUserRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  app.addHook('onRequest', rejectDuringMaintenance);
  app.addHook('onRequest', requireCustomer);
  // 'Descargar mis datos' and 'Eliminar mi cuenta' (decision 016), behind the same two hooks.
  await app.register(privacyRoutes, { prefix: '/user' });

  app.get(
    '/user',
    {
      schema: {
        tags,
        security,
        querystring: RawQuerySchema,
        response: { 200: z.object({ data: UserSchema }) },
      },
      // Kept per caller and relations asked for (profile-cache.ts).
      config: { readCache: cachedAnswers(deps.profiles, (query) => [...relationsOf(query)].sort()) },
    },
    async (request) => ({
      data: await findCustomerUser(deps, {
        userId: caller(request).userId,
        load: relationsOf(request.query),
      }),
    }),
  );

  app.route({
    ...formPut(ProfileUpdateSchema),
    url: '/user',
    schema: { tags, security, body: ProfileUpdateSchema, response: { 200: z.object({ data: UserSchema }) } },
    handler: async (request) => {
      const { _method, ...input } = request.body;
      return {
        data: await updateProfile(
          {
            db: deps.db,
            storage: deps.storage,
            uploadLimit: deps.config.uploadLimit,
            images: deps.config.images,
          },
          { userId: caller(request).userId, ...input },
        ),
      };
    },
  });

  app.route({
    ...formPut(UpdateContextBodySchema),
    url: '/user/update-context',
    schema: {
      tags,
      security,
      body: UpdateContextBodySchema,
      response: { 200: z.object({ data: ContextSchema }) },
    },
    handler: async (request) => ({
      data: await setUserContext(deps, {
        userId: caller(request).userId,
        contextId: request.body.context_id,
      }),
    }),
  });

  app.get(
    '/user/context',
    {
      schema: { tags, security, response: { 200: z.object({ data: ContextSchema.nullable() }) } },
      // Kept with the caller's profiles (profile-cache.ts): 'user:<id>' is notified when their context
      // changes. The contexts themselves are reference data no route writes.
      config: {
        readCache: { cache: deps.profiles, tags: (_answer, userId) => [`user:${userId}`], query: () => ({}) },
      },
    },
    async (request) => ({ data: await findUserContext(deps, { userId: caller(request).userId }) }),
  );
};
