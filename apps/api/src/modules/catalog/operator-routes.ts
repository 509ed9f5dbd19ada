/**
 * /admin/companies, /admin/policies, /admin/coverages: the operator's catalogue, declared with the operator
 * route kit (behind requireOperator); every change writes the audit log in its own transaction
 * (operator-service.ts).
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
} from '@cubierto/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditContext } from '../operators/audit.ts';
import { IdParams, operatorRouteBase, operatorRoutesOf } from '../operators/route-kit.ts';
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

export const operatorCatalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const routes = operatorRoutesOf(app);
  const withExternalLinks = { db: deps.db, externalLinkCompanies: deps.config.externalLinkCompanies };

  // ——— Companies ———
  routes.list('/companies', companiesListSpec, OperatorCompanySchema, (query) => listCompanies(deps, query));
  routes.collection('/companies', {
    item: CompanySchema,
    body: CompanyBodySchema,
    deps,
    create: createCompany,
    update: updateCompany,
    remove: deleteCompany,
  });
  app.post(
    '/companies/:id/logo',
    {
      schema: {
        ...operatorRouteBase,
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
  routes.collection('/policies', {
    spec: policiesListSpec,
    item: OperatorPolicySchema,
    body: PolicyBodySchema,
    deps: { ...withExternalLinks, applicationId: deps.config.applicationId },
    list: listPolicies,
    get: getPolicy,
    create: createPolicy,
    update: updatePolicy,
  });

  // ——— Coverages ———
  routes.collection('/coverages', {
    spec: coveragesListSpec,
    item: OperatorCoverageSchema,
    body: CoverageBodySchema,
    deps,
    list: listCoverages,
    create: createCoverage,
    update: updateCoverage,
  });
};
