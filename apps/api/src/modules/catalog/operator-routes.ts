/**
 * /admin/companies, /admin/policies, /admin/coverages: the operator's catalogue. Behind requireOperator
 * (an operator session, or the operations token of the command line); every change writes the audit log
 * in its own transaction (operator-service.ts).
 */
import {
  CompanyBodySchema,
  CompanySchema,
  CoverageBodySchema,
  dataOf,
  OperatorCompanySchema,
  OperatorCoverageSchema,
  OperatorPolicySchema,
  PolicyBodySchema,
  pageOf,
} from '@cubierto/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listQuerySchema } from '../../lib/list-query.ts';
import { formPut } from '../../lib/method-override.ts';
import { requireOperator } from '../../lib/request-context.ts';
import { auditContext } from '../operators/audit.ts';
import {
  companiesListSpec,
  coveragesListSpec,
  createCompany,
  createCoverage,
  createPolicy,
  deleteCompany,
  getPolicy,
  listCompanies,
  listCoverages,
  listPolicies,
  policiesListSpec,
  setCompanyLogo,
  updateCompany,
  updateCoverage,
  updatePolicy,
} from './operator-service.ts';

const tags = ['admin'];
const security = [{ bearer: [] }];
const IdParams = z.object({ id: z.coerce.number().int().positive() });

export const operatorCatalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  app.addHook('onRequest', requireOperator);
  const base = { tags, security };

  // ——— Companies ———
  app.get(
    '/companies',
    {
      schema: {
        ...base,
        querystring: listQuerySchema(companiesListSpec),
        response: { 200: pageOf(OperatorCompanySchema) },
      },
    },
    async (request) => listCompanies(deps, request.query),
  );
  app.post(
    '/companies',
    { schema: { ...base, body: CompanyBodySchema, response: { 201: dataOf(CompanySchema) } } },
    async (request, reply) =>
      reply
        .status(201)
        .send({ data: await createCompany(deps, { body: request.body, audit: auditContext(request) }) }),
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
      data: await updateCompany(deps, {
        id: request.params.id,
        body: request.body,
        audit: auditContext(request),
      }),
    }),
  });
  app.delete(
    '/companies/:id',
    { schema: { ...base, params: IdParams, response: { 204: z.null() } } },
    async (request, reply) => {
      await deleteCompany(deps, { id: request.params.id, audit: auditContext(request) });
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
        { id: request.params.id, logo: request.body.logo, audit: auditContext(request) },
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
        response: { 200: pageOf(OperatorPolicySchema) },
      },
    },
    async (request) => listPolicies({ db: deps.db, applicationId: deps.config.applicationId }, request.query),
  );
  app.get(
    '/policies/:id',
    { schema: { ...base, params: IdParams, response: { 200: dataOf(OperatorPolicySchema) } } },
    async (request) => ({ data: await getPolicy(deps, { id: request.params.id }) }),
  );
  app.post(
    '/policies',
    { schema: { ...base, body: PolicyBodySchema, response: { 201: dataOf(OperatorPolicySchema) } } },
    async (request, reply) =>
      reply.status(201).send({
        data: await createPolicy(
          { db: deps.db, externalLinkCompanies: deps.config.externalLinkCompanies },
          { body: request.body, audit: auditContext(request) },
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
      response: { 200: dataOf(OperatorPolicySchema) },
    },
    handler: async (request) => ({
      data: await updatePolicy(
        { db: deps.db, externalLinkCompanies: deps.config.externalLinkCompanies },
        { id: request.params.id, body: request.body, audit: auditContext(request) },
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
        response: { 200: pageOf(OperatorCoverageSchema) },
      },
    },
    async (request) => listCoverages(deps, request.query),
  );
  app.post(
    '/coverages',
    { schema: { ...base, body: CoverageBodySchema, response: { 201: dataOf(OperatorCoverageSchema) } } },
    async (request, reply) =>
      reply
        .status(201)
        .send({ data: await createCoverage(deps, { body: request.body, audit: auditContext(request) }) }),
  );
  app.route({
    ...formPut(CoverageBodySchema),
    url: '/coverages/:id',
    schema: {
      ...base,
      params: IdParams,
      body: CoverageBodySchema,
      response: { 200: dataOf(OperatorCoverageSchema) },
    },
    handler: async (request) => ({
      data: await updateCoverage(deps, {
        id: request.params.id,
        body: request.body,
        audit: auditContext(request),
      }),
    }),
  });
};
