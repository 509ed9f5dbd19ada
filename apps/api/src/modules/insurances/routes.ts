/**
 * /customers/insurance-processes (contracting step by step), /customers/insurances (my insurances, the
 * certificate, cancellation). Every route answers only for the caller's own records (404 otherwise).
 */
import {
  CancelInsuranceBodySchema,
  CancellationAnswerSchema,
  CancellationPreviewSchema,
  ConfirmProcessBodySchema,
  ContractSuggestionsSchema,
  dataOf,
  InsuranceDetailSchema,
  InsuranceGroupSchema,
  InsuranceProcessSchema,
  InsuranceSchema,
  pageOf,
  QuoteSchema,
  STEP_NAMES,
  StartProcessBodySchema,
  StepBodySchema,
} from '@cubierto/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fileAnswer } from '../../lib/file-answer.ts';
import { listQuerySchema } from '../../lib/list-query.ts';
import { formPut } from '../../lib/method-override.ts';
import { cachedAnswers, listQueryKey } from '../../lib/read-cache.ts';
import { caller } from '../../lib/request-context.ts';
import { previewCancellation, requestCancellation } from './cancellation.ts';
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
import { findInsurance, insuranceGroups, insuranceListSpec, listCustomerInsurances } from './service.ts';
import { contractSuggestions } from './suggestions.ts';

const security = [{ bearer: [] }];
const Id = z.object({ id: z.coerce.number().int().positive() });
const Process = dataOf(InsuranceProcessSchema);
const Detail = dataOf(InsuranceDetailSchema);

export const processRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const tags = ['insurance-processes'];
  const applicationId = deps.config.applicationId;
  /** Whose process it is, and the application it is contracted in: what every call here starts from. */
  const owner = (request: FastifyRequest) => ({ userId: caller(request).userId, applicationId });

  app.get(
    '/',
    { schema: { tags, security, response: { 200: dataOf(z.array(InsuranceProcessSchema)) } } },
    async (request) => ({
      data: await listProcesses(deps, owner(request)),
    }),
  );

  app.post(
    '/',
    { schema: { tags, security, body: StartProcessBodySchema, response: { 201: Process } } },
    async (request, reply) =>
      reply.status(201).send({
        data: await startProcess(deps, { ...owner(request), coverageId: request.body.coverage_id }),
      }),
  );

  app.get(
    '/suggestions',
    {
      schema: {
        tags,
        security,
        description:
          'What the caller answered in their last contracts (people, vehicles, addresses), newest first, ' +
          "each once, for the contract flow to offer: only the caller's own insurances.",
        response: { 200: dataOf(ContractSuggestionsSchema) },
      },
    },
    async (request) => ({ data: await contractSuggestions(deps, { userId: caller(request).userId }) }),
  );

  app.get(
    '/:id',
    { schema: { tags, security, params: Id, response: { 200: Process } } },
    async (request) => ({
      data: await findProcess(deps, { ...owner(request), processId: request.params.id }),
    }),
  );

  app.route({
    ...formPut(StepBodySchema),
    url: '/:id/steps/:step',
    schema: {
      tags,
      security,
      params: Id.extend({ step: z.enum(STEP_NAMES) }),
      body: StepBodySchema,
      response: { 200: Process },
    },
    handler: async (request) => ({
      data: await saveStep(deps, {
        ...owner(request),
        processId: request.params.id,
        step: request.params.step,
        body: request.body,
      }),
    }),
  });

  app.delete(
    '/:id',
    { schema: { tags, security, params: Id, response: { 204: z.null() } } },
    async (request, reply) => {
      await discardProcess(deps, { userId: caller(request).userId, processId: request.params.id });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/:id/quote',
    { schema: { tags, security, params: Id, response: { 201: dataOf(QuoteSchema) } } },
    async (request, reply) =>
      reply.status(201).send({
        data: await quoteProcess(deps, { ...owner(request), processId: request.params.id }),
      }),
  );

  app.post(
    '/:id/confirm',
    {
      schema: {
        tags,
        security,
        description:
          'Issues the insurance (status pendiente) from the quote: 201 the first time, 200 with the same ' +
          'insurance when the process was already confirmed. 409 quote_expired when the quote expired or ' +
          'the answers changed, start_date_passed when the chosen start date is past.',
        params: Id,
        body: ConfirmProcessBodySchema,
        response: { 200: Detail, 201: Detail },
      },
    },
    async (request, reply) => {
      const { created, insurance } = await confirmProcess(deps, {
        ...owner(request),
        processId: request.params.id,
        quoteId: request.body.quote_id,
      });
      return reply.status(created ? 201 : 200).send({ data: insurance });
    },
  );
};

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
        response: { 200: pageOf(InsuranceSchema) },
      },
      config: { readCache: cachedAnswers(deps.insuranceLists, listQueryKey(insuranceListSpec)) },
    },
    async (request) => listCustomerInsurances(deps, { userId: caller(request).userId, query: request.query }),
  );

  app.get(
    '/groups',
    { schema: { tags, security, response: { 200: dataOf(z.array(InsuranceGroupSchema)) } } },
    async (request) => ({ data: await insuranceGroups(deps, { userId: caller(request).userId }) }),
  );

  app.get('/:id', { schema: { tags, security, params: Id, response: { 200: Detail } } }, async (request) => ({
    data: await findInsurance(deps, { userId: caller(request).userId, insuranceId: request.params.id }),
  }));

  app.get(
    '/:id/certificate',
    {
      schema: {
        tags,
        security,
        description:
          'The certificate as a PDF; 409 certificate_not_available unless the insurance is in force.',
        params: Id,
        response: { 200: fileAnswer('application/pdf', 'The certificate of an insurance in force.') },
      },
    },
    async (request, reply) => {
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
    },
  );

  app.get(
    '/:id/cancellation-terms',
    {
      schema: {
        tags,
        security,
        description:
          'The ways this insurance may end today (now, end_of_period), each with its last day of cover and ' +
          'its refund to Mi dinero, as POST /{id}/cancel will apply them. No option once it ended.',
        params: Id,
        response: { 200: dataOf(CancellationPreviewSchema) },
      },
    },
    async (request) => ({
      data: await previewCancellation(deps, {
        userId: caller(request).userId,
        insuranceId: request.params.id,
      }),
    }),
  );

  app.post(
    '/:id/cancel',
    {
      schema: {
        tags,
        security,
        description:
          'Cancels now or at the end of the paid period (the default), with the terms GET ' +
          '/{id}/cancellation-terms showed; answers the insurance and the terms applied. 409 ' +
          'insurance_not_cancellable when it already ended, cancellation_already_scheduled when the end of ' +
          'period was already asked.',
        params: Id,
        body: CancelInsuranceBodySchema,
        response: { 200: CancellationAnswerSchema },
      },
    },
    async (request) => {
      const { insurance, cancellation } = await requestCancellation(deps, {
        userId: caller(request).userId,
        insuranceId: request.params.id,
        mode: request.body?.mode ?? 'end_of_period',
      });
      return { data: insurance, cancellation };
    },
  );
};
