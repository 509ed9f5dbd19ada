/**
 * /customers/entities: the entities the caller acts for; search by DNI/CUIT (search-entity); create; and
 * the business center: an entity's detail, its address and contact (owner), its members (owner invites
 * and removes; a member may leave; an e-mail with no account gets an invitation link, accepted at
 * /customers/entity-invitations/accept). Another user's entity answers 404; a member doing an owner's
 * action 403.
 */
import {
  AcceptInvitationSchema,
  dataOf,
  EntityDetailSchema,
  EntityProfileSchema,
  EntitySearchQuerySchema,
  InviteMemberSchema,
  NewEntitySchema,
  UserEntitySchema,
} from '@cubierto/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { formPut } from '../../lib/method-override.ts';
import { caller } from '../../lib/request-context.ts';
import {
  acceptInvitation,
  cancelInvitation,
  findEntityDetail,
  inviteMember,
  removeMember,
  updateEntityProfile,
} from './business-service.ts';
import { createUserEntity, findUserEntities } from './service.ts';

const tags = ['entities'];
const security = [{ bearer: [] }];
const EntityList = dataOf(z.array(UserEntitySchema));
const Detail = dataOf(EntityDetailSchema);
const Id = z.object({ id: z.coerce.number().int().positive() });

export const entityRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    '/',
    {
      schema: { tags, security, response: { 200: EntityList } },
      // Kept beside the profile (customers/profile-cache.ts): dropped when whom the caller acts for changes
      // ('user:<id>', migration 0027) or one of the entities shown does ('entity:<id>', migration 0016).
      config: {
        readCache: {
          cache: deps.profiles,
          tags: (answer, userId) => [
            `user:${userId}`,
            ...(answer as { data: { id: number }[] }).data.map((entity) => `entity:${entity.id}`),
          ],
          query: () => ({}),
        },
      },
    },
    async (request) => ({ data: await findUserEntities(deps, { userId: caller(request).userId }) }),
  );

  app.get(
    '/search',
    { schema: { tags, security, querystring: EntitySearchQuerySchema, response: { 200: EntityList } } },
    async (request) => ({
      data: await findUserEntities(deps, {
        userId: caller(request).userId,
        document: request.query.document,
      }),
    }),
  );

  app.post(
    '/',
    {
      schema: {
        tags,
        security,
        body: NewEntitySchema,
        response: { 201: dataOf(UserEntitySchema) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        data: await createUserEntity(deps, { userId: caller(request).userId, entity: request.body }),
      }),
  );

  app.get('/:id', { schema: { tags, security, params: Id, response: { 200: Detail } } }, async (request) => ({
    data: await findEntityDetail(deps, { userId: caller(request).userId, entityId: request.params.id }),
  }));

  app.route({
    ...formPut(EntityProfileSchema),
    url: '/:id',
    schema: { tags, security, params: Id, body: EntityProfileSchema, response: { 200: Detail } },
    handler: async (request) => ({
      data: await updateEntityProfile(deps, {
        userId: caller(request).userId,
        entityId: request.params.id,
        values: request.body,
      }),
    }),
  });

  app.post(
    '/:id/members',
    { schema: { tags, security, params: Id, body: InviteMemberSchema, response: { 201: Detail } } },
    async (request, reply) =>
      reply.status(201).send({
        data: await inviteMember(deps, {
          userId: caller(request).userId,
          entityId: request.params.id,
          email: request.body.email,
        }),
      }),
  );

  app.delete(
    '/:id/members/:userId',
    {
      schema: {
        tags,
        security,
        params: Id.extend({ userId: z.coerce.number().int().positive() }),
        /** null when the caller left the entity. */
        response: { 200: dataOf(EntityDetailSchema.nullable()) },
      },
    },
    async (request) => ({
      data: await removeMember(deps, {
        userId: caller(request).userId,
        entityId: request.params.id,
        memberUserId: request.params.userId,
      }),
    }),
  );

  app.delete(
    '/:id/invitations/:invitationId',
    {
      schema: {
        tags,
        security,
        params: Id.extend({ invitationId: z.coerce.number().int().positive() }),
        response: { 200: Detail },
      },
    },
    async (request) => ({
      data: await cancelInvitation(deps, {
        userId: caller(request).userId,
        entityId: request.params.id,
        invitationId: request.params.invitationId,
      }),
    }),
  );
};

/** /customers/entity-invitations: the invited person accepts, signed in with the invited e-mail. */
export const entityInvitationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/accept',
    { schema: { tags, security, body: AcceptInvitationSchema, response: { 200: Detail } } },
    async (request) => ({
      data: await acceptInvitation(app.deps, {
        userId: caller(request).userId,
        token: request.body.token,
      }),
    }),
  );
};
