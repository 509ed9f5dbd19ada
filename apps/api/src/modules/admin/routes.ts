/**
 * /admin: the back office API. Sign-in (password, then TOTP) is open; everything else is behind
 * requireOperator (an operator session, or the operations token of the command line), and every change
 * writes the audit log in its own transaction. Customers get 403 here; operators get 403 on customer routes.
 */
import {
  AppVersionBodySchema,
  AppVersionSchema,
  BroadcastBodySchema,
  CompanyBodySchema,
  CompanySchema,
  CoverageBodySchema,
  CoverageSchema,
  dataOf,
  MaintenanceBodySchema,
  OperatorChallengeSchema,
  OperatorCreateBodySchema,
  OperatorLoginBodySchema,
  OperatorSchema,
  OperatorSecondFactorBodySchema,
  OperatorTokenSchema,
  PolicyBodySchema,
  PolicySchema,
  PollQuestionBodySchema,
  PricingSchema,
  pageOf,
} from '@cubierto/contracts';
import { count, desc } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  appVersions,
  auditLog,
  companies,
  coverages,
  operators,
  policies,
  pollQuestions,
  riskTypes,
} from '../../db/schema/index.ts';
import { type ListSpec, listQuerySchema, pageMeta, parseListQuery } from '../../lib/list-query.ts';
import { formPut } from '../../lib/method-override.ts';
import { requireOperator } from '../../lib/request-context.ts';
import {
  createCompany,
  createCoverage,
  createPolicy,
  deleteCompany,
  getPolicy,
  listCompanies,
  listCoverages,
  listPolicies,
  setCompanyLogo,
  updateCompany,
  updateCoverage,
  updatePolicy,
} from '../catalog/operator-service.ts';
import { auditContext } from '../operators/audit.ts';
import {
  completeOperatorLogin,
  createOperator,
  endOperatorSession,
  findOperator,
  operatorOut,
  startOperatorLogin,
} from '../operators/service.ts';
import { getMaintenance } from '../settings/service.ts';
import { broadcastNotification } from './broadcast-service.ts';
import { loadDashboard } from './dashboard-service.ts';
import {
  createAppVersion,
  createPollQuestion,
  listAppVersions,
  listAuditLog,
  listPollQuestions,
  switchMaintenance,
  updateAppVersion,
  updatePollQuestion,
} from './operations-service.ts';
import { searchPattern } from './paging.ts';

const tags = ['admin'];
const security = [{ bearer: [] }];
const IdParams = z.object({ id: z.coerce.number().int().positive() });

const AdminCompanySchema = CompanySchema.extend({ policies_count: z.number().optional() });
const AdminPolicySchema = PolicySchema.extend({
  linked: z.boolean().optional(),
  coverages_count: z.number().optional(),
});
const AdminCoverageSchema = CoverageSchema.extend({
  policy_name: z.string(),
  pricing: PricingSchema,
  surcharge_bps: z.number(),
  tax_bps: z.number(),
  status: z.string(),
  sort_order: z.number(),
});
const MaintenanceSchema = z.object({ enabled: z.boolean(), message: z.string().nullable() });
const PollQuestionSchema = z.object({
  id: z.number(),
  name: z.string(),
  values: z.string(),
  position: z.number(),
  active: z.boolean(),
});

const AuditEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  actor: z.enum(['operator', 'ops_token']),
  operator: z.object({ id: z.number(), name: z.string(), email: z.string() }).nullable(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string().nullable(),
});
const DashboardSchema = z.object({
  days: z.array(z.string()),
  risk_types: z.array(z.string()),
  sales_per_day: z.array(z.record(z.string(), z.union([z.string(), z.number()]))),
  premiums_per_day: z.array(z.object({ day: z.string(), amount_cents: z.number() })),
  payment_failures_per_day: z.array(z.object({ day: z.string(), failures: z.number() })),
  open_claims_by_age: z.array(z.record(z.string(), z.union([z.string(), z.number()]))),
  totals: z.object({
    claims_open: z.number(),
    oldest_open_claim_days: z.number().nullable(),
    insurances_sold: z.number(),
    premiums_cents: z.number(),
    premiums_nice: z.string(),
    payment_failures: z.number(),
    insurances_pending: z.number(),
  }),
});

/** Open: the two steps of operator sign-in. */
export const adminAuthRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  app.post(
    '/login',
    { schema: { tags, body: OperatorLoginBodySchema, response: { 200: dataOf(OperatorChallengeSchema) } } },
    async (request) => ({ data: await startOperatorLogin(deps, { ...request.body, ip: request.ip }) }),
  );
  app.post(
    '/second-factor',
    { schema: { tags, body: OperatorSecondFactorBodySchema, response: { 200: OperatorTokenSchema } } },
    async (request) => {
      const body = request.body;
      return completeOperatorLogin(deps.db, {
        challenge: body.challenge,
        ...('code' in body ? { code: body.code } : { recoveryCode: body.recovery_code }),
        ip: request.ip,
      });
    },
  );
};

/** The operator lists' filters, sorts and search parameters (lib/list-query.ts). */
const operatorsListSpec = {
  sorts: { id: operators.id, name: operators.name, email: operators.email },
  defaultSort: [desc(operators.id)],
} satisfies ListSpec;

const companiesListSpec = {
  filters: { name: { column: companies.name, type: 'text', ops: ['eq', 'like'] } },
  sorts: {
    id: companies.id,
    name: companies.name,
    legal_name: companies.legalName,
    created_at: companies.createdAt,
  },
  extra: ['search'],
} satisfies ListSpec;

const policiesListSpec = {
  filters: {
    company: { column: companies.id, type: 'integer', ops: ['eq', 'in'] },
    risk_type: { column: riskTypes.shortCode, type: 'text', ops: ['eq', 'in'] },
    status: { column: policies.status, type: 'enum', ops: ['eq'] },
  },
  sorts: { id: policies.id, name: policies.name, company: companies.name, risk_type: riskTypes.id },
  extra: ['search'],
} satisfies ListSpec;

const coveragesListSpec = {
  filters: {
    policy: { column: coverages.policyId, type: 'integer', ops: ['eq', 'in'] },
    status: { column: coverages.status, type: 'enum', ops: ['eq'] },
  },
  sorts: {
    id: coverages.id,
    public_name: coverages.publicName,
    policy: coverages.policyId,
    sort_order: coverages.sortOrder,
  },
  extra: ['search'],
} satisfies ListSpec;

const appVersionsListSpec = {
  filters: {
    platform: { column: appVersions.platform, type: 'enum', ops: ['eq'] },
    active: { column: appVersions.active, type: 'boolean', ops: ['eq'] },
  },
  sorts: {
    id: appVersions.id,
    version: appVersions.version,
    platform: appVersions.platform,
    created_at: appVersions.createdAt,
  },
  extra: ['search'],
} satisfies ListSpec;

const pollQuestionsListSpec = {
  filters: { active: { column: pollQuestions.active, type: 'boolean', ops: ['eq'] } },
  sorts: { id: pollQuestions.id, position: pollQuestions.position, name: pollQuestions.name },
  extra: ['search'],
} satisfies ListSpec;

const auditLogListSpec = {
  filters: {
    action: { column: auditLog.action, type: 'text', ops: ['eq', 'like'] },
    target_type: { column: auditLog.targetType, type: 'text', ops: ['eq'] },
    target_id: { column: auditLog.targetId, type: 'text', ops: ['eq'] },
    operator: { column: auditLog.operatorId, type: 'integer', ops: ['eq'] },
    actor: { column: auditLog.actor, type: 'enum', ops: ['eq'] },
    at: { column: auditLog.at, type: 'timestamp', ops: ['gte', 'lte'] },
  },
  sorts: { id: auditLog.id, at: auditLog.at, action: auditLog.action },
  extra: ['search'],
} satisfies ListSpec;

/** Behind requireOperator: every other back-office route. */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  app.addHook('onRequest', requireOperator);
  const base = { tags, security };

  // ——— Session and operators ———
  app.get(
    '/auth/me',
    { schema: { ...base, response: { 200: dataOf(OperatorSchema.nullable()) } } },
    async (request) => {
      const actor = auditContext(request).actor;
      return {
        data: actor.kind === 'operator' ? operatorOut(await findOperator(deps.db, actor.operatorId)) : null,
      };
    },
  );
  app.post('/auth/logout', { schema: { ...base, response: { 204: z.null() } } }, async (request, reply) => {
    await endOperatorSession(deps.db, auditContext(request));
    return reply.status(204).send(null);
  });
  app.get(
    '/operators',
    {
      schema: {
        ...base,
        querystring: listQuerySchema(operatorsListSpec),
        response: { 200: pageOf(OperatorSchema) },
      },
    },
    async (request) => {
      const q = parseListQuery(request.query, operatorsListSpec);
      const rows = await deps.db
        .select()
        .from(operators)
        .where(q.where)
        .orderBy(...q.orderBy)
        .limit(q.perPage)
        .offset(q.offset);
      const [total] = await deps.db.select({ n: count() }).from(operators);
      return { data: rows.map(operatorOut), meta: pageMeta(q, total?.n ?? 0) };
    },
  );
  app.post(
    '/operators',
    { schema: { ...base, body: OperatorCreateBodySchema, response: { 201: dataOf(OperatorSchema) } } },
    async (request, reply) =>
      reply.status(201).send({ data: await createOperator(deps.db, request.body, auditContext(request)) }),
  );

  // ——— Companies ———
  app.get(
    '/companies',
    {
      schema: {
        ...base,
        querystring: listQuerySchema(companiesListSpec),
        response: { 200: pageOf(AdminCompanySchema) },
      },
    },
    async (request) => {
      const q = parseListQuery(request.query, companiesListSpec);
      const { rows, total } = await listCompanies(deps.db, q, searchPattern(request.query.search));
      return { data: rows, meta: pageMeta(q, total) };
    },
  );
  app.post(
    '/companies',
    { schema: { ...base, body: CompanyBodySchema, response: { 201: dataOf(CompanySchema) } } },
    async (request, reply) =>
      reply.status(201).send({ data: await createCompany(deps.db, request.body, auditContext(request)) }),
  );
  app.route({
    ...formPut(CompanyBodySchema),
    url: '/companies/:id',
    schema: {
      ...base,
      params: IdParams,
      body: CompanyBodySchema,
      response: { 200: dataOf(CompanySchema) },
    },
    handler: async (request) => ({
      data: await updateCompany(deps.db, request.params.id, request.body, auditContext(request)),
    }),
  });
  app.delete(
    '/companies/:id',
    { schema: { ...base, params: IdParams, response: { 204: z.null() } } },
    async (request, reply) => {
      await deleteCompany(deps.db, request.params.id, auditContext(request));
      return reply.status(204).send(null);
    },
  );
  app.post(
    '/companies/:id/logo',
    {
      schema: {
        ...base,
        params: IdParams,
        consumes: ['multipart/form-data'],
        body: z.object({ logo: z.unknown() }),
        response: { 200: dataOf(CompanySchema) },
      },
    },
    async (request) => ({
      data: await setCompanyLogo(
        {
          db: deps.db,
          storage: deps.storage,
          uploadLimit: deps.config.uploadLimit,
          images: deps.config.images,
        },
        request.params.id,
        request.body.logo,
        auditContext(request),
      ),
    }),
  );

  // ——— Policies ———
  app.get(
    '/policies',
    {
      schema: {
        ...base,
        querystring: listQuerySchema(policiesListSpec),
        response: { 200: pageOf(AdminPolicySchema) },
      },
    },
    async (request) => {
      const q = parseListQuery(request.query, policiesListSpec);
      const { rows, total } = await listPolicies(
        deps.db,
        q,
        searchPattern(request.query.search),
        deps.config.applicationId,
      );
      return { data: rows, meta: pageMeta(q, total) };
    },
  );
  app.get(
    '/policies/:id',
    { schema: { ...base, params: IdParams, response: { 200: dataOf(AdminPolicySchema) } } },
    async (request) => ({ data: await getPolicy(deps.db, request.params.id) }),
  );
  app.post(
    '/policies',
    { schema: { ...base, body: PolicyBodySchema, response: { 201: dataOf(AdminPolicySchema) } } },
    async (request, reply) =>
      reply.status(201).send({
        data: await createPolicy(
          deps.db,
          request.body,
          auditContext(request),
          deps.config.externalLinkCompanies,
        ),
      }),
  );
  app.route({
    ...formPut(PolicyBodySchema),
    url: '/policies/:id',
    schema: {
      ...base,
      params: IdParams,
      body: PolicyBodySchema,
      response: { 200: dataOf(AdminPolicySchema) },
    },
    handler: async (request) => ({
      data: await updatePolicy(
        deps.db,
        request.params.id,
        request.body,
        auditContext(request),
        deps.config.externalLinkCompanies,
      ),
    }),
  });

  // ——— Coverages ———
  app.get(
    '/coverages',
    {
      schema: {
        ...base,
        querystring: listQuerySchema(coveragesListSpec),
        response: { 200: pageOf(AdminCoverageSchema) },
      },
    },
    async (request) => {
      const q = parseListQuery(request.query, coveragesListSpec);
      const { rows, total } = await listCoverages(deps.db, q, searchPattern(request.query.search));
      return { data: rows, meta: pageMeta(q, total) };
    },
  );
  app.post(
    '/coverages',
    { schema: { ...base, body: CoverageBodySchema, response: { 201: dataOf(AdminCoverageSchema) } } },
    async (request, reply) =>
      reply.status(201).send({ data: await createCoverage(deps.db, request.body, auditContext(request)) }),
  );
  app.route({
    ...formPut(CoverageBodySchema),
    url: '/coverages/:id',
    schema: {
      ...base,
      params: IdParams,
      body: CoverageBodySchema,
      response: { 200: dataOf(AdminCoverageSchema) },
    },
    handler: async (request) => ({
      data: await updateCoverage(deps.db, request.params.id, request.body, auditContext(request)),
    }),
  });

  // ——— App versions ———
  app.get(
    '/app-versions',
    {
      schema: {
        ...base,
        querystring: listQuerySchema(appVersionsListSpec),
        response: { 200: pageOf(AppVersionSchema) },
      },
    },
    async (request) => {
      const q = parseListQuery(request.query, appVersionsListSpec);
      const { rows, total } = await listAppVersions(deps.db, q, searchPattern(request.query.search));
      return { data: rows, meta: pageMeta(q, total) };
    },
  );
  app.post(
    '/app-versions',
    { schema: { ...base, body: AppVersionBodySchema, response: { 201: dataOf(AppVersionSchema) } } },
    async (request, reply) =>
      reply.status(201).send({ data: await createAppVersion(deps.db, request.body, auditContext(request)) }),
  );
  app.route({
    ...formPut(AppVersionBodySchema),
    url: '/app-versions/:id',
    schema: {
      ...base,
      params: IdParams,
      body: AppVersionBodySchema,
      response: { 200: dataOf(AppVersionSchema) },
    },
    handler: async (request) => ({
      data: await updateAppVersion(deps.db, request.params.id, request.body, auditContext(request)),
    }),
  });

  // ——— Maintenance ———
  app.get(
    '/maintenance',
    { schema: { ...base, response: { 200: dataOf(MaintenanceSchema) } } },
    async () => ({
      data: await getMaintenance(deps.db),
    }),
  );
  app.route({
    ...formPut(MaintenanceBodySchema),
    url: '/maintenance',
    schema: { ...base, body: MaintenanceBodySchema, response: { 200: dataOf(MaintenanceSchema) } },
    handler: async (request) => {
      const data = await switchMaintenance(deps.db, request.body, auditContext(request));
      deps.maintenance.invalidate();
      return { data };
    },
  });

  // ——— Poll questions ———
  app.get(
    '/poll-questions',
    {
      schema: {
        ...base,
        querystring: listQuerySchema(pollQuestionsListSpec),
        response: { 200: pageOf(PollQuestionSchema) },
      },
    },
    async (request) => {
      const q = parseListQuery(request.query, pollQuestionsListSpec);
      const { rows, total } = await listPollQuestions(deps.db, q, searchPattern(request.query.search));
      return { data: rows, meta: pageMeta(q, total) };
    },
  );
  app.post(
    '/poll-questions',
    { schema: { ...base, body: PollQuestionBodySchema, response: { 201: dataOf(PollQuestionSchema) } } },
    async (request, reply) =>
      reply
        .status(201)
        .send({ data: await createPollQuestion(deps.db, request.body, auditContext(request)) }),
  );
  app.route({
    ...formPut(PollQuestionBodySchema),
    url: '/poll-questions/:id',
    schema: {
      ...base,
      params: IdParams,
      body: PollQuestionBodySchema,
      response: { 200: dataOf(PollQuestionSchema) },
    },
    handler: async (request) => ({
      data: await updatePollQuestion(deps.db, request.params.id, request.body, auditContext(request)),
    }),
  });

  // ——— Broadcast notifications ———
  app.post(
    '/notifications/broadcast',
    {
      schema: {
        ...base,
        body: BroadcastBodySchema,
        response: { 201: dataOf(z.object({ id: z.string(), recipients: z.number() })) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ data: await broadcastNotification(deps.db, request.body, auditContext(request)) }),
  );

  // ——— Audit log and dashboard ———
  app.get(
    '/audit-log',
    {
      schema: {
        ...base,
        querystring: listQuerySchema(auditLogListSpec),
        response: { 200: pageOf(AuditEntrySchema) },
      },
    },
    async (request) => {
      const q = parseListQuery(request.query, auditLogListSpec);
      const { rows, total } = await listAuditLog(deps.db, q, searchPattern(request.query.search));
      return { data: rows, meta: pageMeta(q, total) };
    },
  );
  app.get(
    '/dashboard',
    {
      schema: {
        ...base,
        querystring: z.strictObject({ days: z.coerce.number().int().min(7).max(90).default(30) }),
        response: { 200: dataOf(DashboardSchema) },
      },
    },
    async (request) => ({ data: await loadDashboard(deps.db, { days: request.query.days }) }),
  );
};
