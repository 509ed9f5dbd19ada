/**
 * /customers/insurance-processes (contracting step by step), /customers/insurances (my insurances, the
 * certificate, cancellation). Every route answers only for the caller's own records (404 otherwise).
 */
import { PageMetaSchema, STEP_NAMES } from '@cubierto/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { insurances, riskTypes } from '../../db/schema/index.ts';
import { type ListSpec, listQuerySchema, pageMeta, parseListQuery } from '../../lib/list-query.ts';
import { formPut } from '../../lib/method-override.ts';
import { caller } from '../../lib/request-context.ts';
import { renderCertificate } from './certificate.ts';
import {
  confirmProcess,
  discardProcess,
  findProcess,
  listProcesses,
  quoteProcess,
  saveStep,
  startProcess,
} from './process-service.ts';
import {
  findInsurance,
  INSURANCES_DEFAULT_ORDER,
  insuranceGroups,
  listInsurances,
  requestCancellation,
} from './service.ts';

const security = [{ bearer: [] }];
const Id = z.object({ id: z.coerce.number().int().positive() });
const Data = z.object({ data: z.unknown() });

// Each step's own schema (by risk type) validates the body in the service.
const StepBodySchema = z.record(z.string(), z.unknown());

export const processRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const tags = ['insurance-processes'];
  const applicationId = deps.config.applicationId;

  app.get('/', { schema: { tags, security, response: { 200: Data } } }, async (request) => ({
    data: await listProcesses(deps.db, { userId: caller(request).userId, applicationId }),
  }));

  app.post(
    '/',
    {
      schema: {
        tags,
        security,
        body: z.strictObject({ coverage_id: z.number({ error: 'Elegí una cobertura.' }).int().positive() }),
        response: { 201: Data },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        data: await startProcess(deps.db, {
          userId: caller(request).userId,
          coverageId: request.body.coverage_id,
          applicationId,
        }),
      }),
  );

  app.get('/:id', { schema: { tags, security, params: Id, response: { 200: Data } } }, async (request) => ({
    data: await findProcess(deps.db, {
      userId: caller(request).userId,
      processId: request.params.id,
      applicationId,
    }),
  }));

  app.route({
    ...formPut(StepBodySchema),
    url: '/:id/steps/:step',
    schema: {
      tags,
      security,
      params: Id.extend({ step: z.enum(STEP_NAMES) }),
      body: StepBodySchema,
      response: { 200: Data },
    },
    handler: async (request) => ({
      data: await saveStep(deps.db, {
        userId: caller(request).userId,
        processId: request.params.id,
        step: request.params.step,
        body: request.body,
        applicationId,
      }),
    }),
  });

  app.delete('/:id', { schema: { tags, security, params: Id } }, async (request, reply) => {
    await discardProcess(deps.db, { userId: caller(request).userId, processId: request.params.id });
    return reply.status(204).send();
  });

  app.post(
    '/:id/quote',
    { schema: { tags, security, params: Id, response: { 201: Data } } },
    async (request, reply) =>
      reply.status(201).send({
        data: await quoteProcess(deps.db, {
          userId: caller(request).userId,
          processId: request.params.id,
          applicationId,
        }),
      }),
  );

  app.post(
    '/:id/confirm',
    {
      schema: {
        tags,
        security,
        params: Id,
        body: z.strictObject({ quote_id: z.number().int().positive() }),
        response: { 200: Data, 201: Data },
      },
    },
    async (request, reply) => {
      const userId = caller(request).userId;
      const result = await confirmProcess(deps.db, {
        userId,
        processId: request.params.id,
        quoteId: request.body.quote_id,
        applicationId,
      });
      return reply
        .status(result.created ? 201 : 200)
        .send({ data: await findInsurance(deps.db, userId, result.insuranceId) });
    },
  );
};

const insuranceListSpec = {
  filters: {
    status: { column: insurances.status, type: 'enum', ops: ['eq', 'in'] },
    risk_type: { column: riskTypes.shortCode, type: 'text', ops: ['eq', 'in'] },
    number: { column: insurances.number, type: 'text', ops: ['eq', 'like'] },
  },
  sorts: {
    created_at: insurances.createdAt,
    starts_on: insurances.startsOn,
    ends_on: insurances.endsOn,
    id: insurances.id,
  },
  defaultSort: INSURANCES_DEFAULT_ORDER,
} satisfies ListSpec;

export const insuranceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const tags = ['insurances'];

  app.get(
    '/',
    {
      schema: {
        tags,
        security,
        querystring: listQuerySchema(insuranceListSpec),
        response: { 200: z.object({ data: z.array(z.unknown()), meta: PageMetaSchema }) },
      },
    },
    async (request) => {
      const q = parseListQuery(request.query, insuranceListSpec);
      const { rows, total } = await listInsurances(
        deps.db,
        {
          userId: caller(request).userId,
          where: q.where,
          orderBy: q.orderBy,
          limit: q.perPage,
          offset: q.offset,
        },
        deps.insuranceLists,
      );
      return { data: rows, meta: pageMeta(q, total) };
    },
  );

  app.get('/groups', { schema: { tags, security, response: { 200: Data } } }, async (request) => ({
    data: await insuranceGroups(deps.db, caller(request).userId),
  }));

  app.get('/:id', { schema: { tags, security, params: Id, response: { 200: Data } } }, async (request) => ({
    data: await findInsurance(deps.db, caller(request).userId, request.params.id),
  }));

  app.get('/:id/certificate', { schema: { tags, security, params: Id } }, async (request, reply) => {
    const { pdf, filename } = await renderCertificate(deps.db, {
      userId: caller(request).userId,
      insuranceId: request.params.id,
      publicUrl: deps.config.publicUrl,
    });
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('cache-control', 'private, no-store')
      .send(pdf);
  });

  app.post(
    '/:id/cancel',
    {
      schema: {
        tags,
        security,
        params: Id,
        body: z
          .strictObject({ mode: z.enum(['now', 'end_of_period'], { error: 'Elegí cuándo dar de baja.' }) })
          .partial()
          .nullish(),
        response: { 200: Data },
      },
    },
    async (request) => ({
      data: await requestCancellation(deps.db, {
        userId: caller(request).userId,
        insuranceId: request.params.id,
        mode: request.body?.mode ?? 'end_of_period',
      }),
    }),
  );
};
