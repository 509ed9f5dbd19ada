/**
 * Catalogue routes of spec §7: the storefront's public policies (anyone), the application's policies
 * (signed-in customers and operators), the coverage dialog's policy fetch, and link/unlink (operators).
 */
import { PageMetaSchema, PolicySchema } from '@cubierto/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { listQuerySchema, pageMeta, parseListQuery } from '../../lib/list-query.ts';
import { cachedAnswers } from '../../lib/read-cache.ts';
import { rejectDuringMaintenance, requireCustomer, requireOperator } from '../../lib/request-context.ts';
import { auditContext } from '../operators/audit.ts';
import { linkPolicy } from './operator-service.ts';
import {
  assertApplication,
  catalogueFastFilter,
  findCataloguePage,
  findPolicies,
  findPolicy,
  catalogueListSpec as listSpec,
  POLICY_RELATIONS,
} from './service.ts';

const tags = ['catalog'];
const security = [{ bearer: [] }];
const PolicyListSchema = z.object({ data: z.array(PolicySchema), meta: PageMetaSchema });
const ApplicationParams = z.object({ applicationId: z.coerce.number().int().positive() });
const PolicyParams = ApplicationParams.extend({ id: z.coerce.number().int().positive() });

const ListQuerySchema = listQuerySchema(listSpec);
const LoadQuerySchema = listQuerySchema({ loads: listSpec.loads });

/**
 * The public catalogue (anyone, no sign-in): the linked, active policies of an application. Spec §7 lists it
 * as /applications/{applicationId}/public-policies[/{id}]; /public-policies[/{id}] is the same for this
 * deployment's application (APPLICATION_ID), kept as an alias.
 */
function publicCatalogue(
  app: Parameters<FastifyPluginAsyncZod>[0],
  prefix: '' | '/:applicationId/public-policies',
) {
  const { deps } = app;
  const Params = prefix ? ApplicationParams : z.object({});
  const applicationOf = async (params: object) => {
    if (!('applicationId' in params) || typeof params.applicationId !== 'number')
      return deps.config.applicationId;
    await assertApplication(deps.db, params.applicationId);
    return params.applicationId;
  };

  app.get(
    prefix || '/',
    {
      schema: { tags, params: Params, querystring: ListQuerySchema, response: { 200: PolicyListSchema } },
      // The same for every visitor: one kept answer per query (modules/catalog/catalog-cache.ts).
      config: { readCache: cachedAnswers(deps.catalog, undefined, { shared: true }) },
    },
    async (request) => {
      const q = parseListQuery(request.query, listSpec);
      const load = q.load.Policy ?? new Set(POLICY_RELATIONS);
      // The storefront's own requests (no filter or one risk type, under an application's id): one statement.
      const fast = 'applicationId' in request.params ? catalogueFastFilter(request.query) : undefined;
      if (fast && 'applicationId' in request.params) {
        const { rows, total } = await findCataloguePage(deps.db, {
          applicationId: request.params.applicationId,
          riskType: fast.riskType,
          policyId: null,
          load,
          limit: q.perPage,
          offset: q.offset,
        });
        return { data: rows, meta: pageMeta(q, total) };
      }
      const { rows, total } = await findPolicies(deps.db, {
        where: q.where,
        load,
        linkedTo: await applicationOf(request.params),
        onlyLinked: true,
        limit: q.perPage,
        offset: q.offset,
      });
      return { data: rows, meta: pageMeta(q, total) };
    },
  );

  app.get(
    `${prefix}/:id`,
    {
      schema: {
        tags,
        params: Params.extend({ id: z.coerce.number().int().positive() }),
        querystring: LoadQuerySchema,
        response: { 200: z.object({ data: PolicySchema }) },
      },
      config: { readCache: cachedAnswers(deps.catalog, undefined, { shared: true }) },
    },
    async (request) => {
      const q = parseListQuery(request.query, { loads: listSpec.loads });
      const load = q.load.Policy ?? new Set(POLICY_RELATIONS);
      return {
        data: await findPolicy(deps.db, {
          policyId: request.params.id,
          load,
          linkedTo: await applicationOf(request.params),
          onlyLinked: true,
        }),
      };
    },
  );
}

/** /public-policies: the alias of this deployment's application's public catalogue. */
export const publicPolicyRoutes: FastifyPluginAsyncZod = async (app) => {
  publicCatalogue(app, '');
};

/** /applications/{applicationId}/policies…: signed-in customers read; operators also link and unlink. */
export const applicationPolicyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  publicCatalogue(app, '/:applicationId/public-policies');

  // The catalogue with each policy's `linked` flag, and only the linked ones: one route shape, two lists.
  for (const [url, onlyLinked, defaultLoad] of [
    ['/:applicationId/policies', false, ['company', 'riskType']],
    ['/:applicationId/policies/linked', true, POLICY_RELATIONS],
  ] as const) {
    app.get(
      url,
      {
        schema: {
          tags,
          security,
          params: ApplicationParams,
          querystring: ListQuerySchema,
          response: { 200: PolicyListSchema },
        },
        preHandler: [rejectDuringMaintenance, requireCustomer],
      },
      async (request) => {
        await assertApplication(deps.db, request.params.applicationId);
        const q = parseListQuery(request.query, listSpec);
        const { rows, total } = await findPolicies(deps.db, {
          where: q.where,
          load: q.load.Policy ?? new Set<string>(defaultLoad),
          linkedTo: request.params.applicationId,
          onlyLinked,
          limit: q.perPage,
          offset: q.offset,
        });
        return { data: rows, meta: pageMeta(q, total) };
      },
    );
  }

  app.get(
    '/:applicationId/policies/:id',
    {
      schema: {
        tags,
        security,
        params: PolicyParams,
        querystring: LoadQuerySchema,
        response: { 200: z.object({ data: PolicySchema }) },
      },
      preHandler: [rejectDuringMaintenance, requireCustomer],
    },
    async (request) => {
      await assertApplication(deps.db, request.params.applicationId);
      const q = parseListQuery(request.query, { loads: listSpec.loads });
      return {
        data: await findPolicy(deps.db, {
          policyId: request.params.id,
          load: q.load.Policy ?? new Set(POLICY_RELATIONS),
          linkedTo: request.params.applicationId,
        }),
      };
    },
  );

  for (const action of ['link', 'unlink'] as const) {
    app.post(
      `/:applicationId/policies/:id/${action}`,
      {
        schema: { tags, security, params: PolicyParams, response: { 200: z.object({ data: PolicySchema }) } },
        preHandler: requireOperator,
      },
      async (request) => {
        const { applicationId, id } = request.params;
        const input = {
          applicationId,
          policyId: id,
          linked: action === 'link',
          audit: auditContext(request),
        };
        return { data: await linkPolicy(deps, input) };
      },
    );
  }
};

/** The coverage dialog's policy fetch (spec §7): a policy the application links, with load[Policy]. */
export const linkedApplicationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  app.get(
    '/:applicationId/policies/:id',
    {
      schema: {
        tags,
        security,
        params: PolicyParams,
        querystring: LoadQuerySchema,
        response: { 200: z.object({ data: PolicySchema }) },
      },
      // The policy as the catalogue shows it, the same for every customer.
      config: { readCache: cachedAnswers(deps.catalog, undefined, { shared: true }) },
    },
    async (request) => {
      const q = parseListQuery(request.query, { loads: listSpec.loads });
      // The application checked and the policy read in one statement (the catalogue's own).
      const { rows } = await findCataloguePage(deps.db, {
        applicationId: request.params.applicationId,
        riskType: null,
        policyId: request.params.id,
        load: q.load.Policy ?? new Set(['company', 'riskType']),
        limit: 1,
        offset: 0,
      });
      const policy = rows[0];
      if (!policy) throw new AppError('not_found', { message: 'La póliza no existe o no está disponible.' });
      return { data: policy };
    },
  );
};
