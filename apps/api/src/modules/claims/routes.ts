/**
 * /customers/claims (the customer's own claims: list, file, detail, messages, attachments) and
 * /admin/claims (operators: every claim, status changes with a message, messages to the customer).
 * Routes validate and call one service function each; the rules live in service.ts.
 */
import {
  AttachClaimFilesBodySchema,
  ChangeClaimStatusBodySchema,
  CLAIM_ATTACHMENT_TYPES,
  ClaimAttachmentSchema,
  ClaimableInsuranceSchema,
  ClaimDetailSchema,
  ClaimMessageBodySchema,
  ClaimSchema,
  CreateClaimBodySchema,
  dataOf,
  OperatorClaimDetailSchema,
  OperatorClaimSchema,
  pageOf,
} from '@cubierto/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FileBytesSchema } from '../../lib/file-answer.ts';
import { idempotencyKey } from '../../lib/idempotency-key.ts';
import { listQuerySchema } from '../../lib/list-query.ts';
import { caller, requireOperator } from '../../lib/request-context.ts';
import { auditContext } from '../operators/audit.ts';
import {
  attachClaimFiles,
  changeClaimStatus,
  claimableInsurances,
  claimListSpec,
  fileClaim,
  findClaim,
  findClaimForOperator,
  listAllClaims,
  listClaims,
  operatorClaimListSpec,
  postCustomerMessage,
  postOperatorMessage,
  readClaimAttachment,
  storeClaimAttachment,
} from './service.ts';

const security = [{ bearer: [] }];
const Id = z.object({ id: z.coerce.number().int().positive() });
/** A claim's photo or document, typed by its bytes: JPEG, PNG, WebP or PDF. */
const attachmentAnswer = {
  description: "A claim's photo or document, as it was uploaded.",
  content: Object.fromEntries(CLAIM_ATTACHMENT_TYPES.map((type) => [type, { schema: FileBytesSchema }])),
};

/** Sends a stored attachment under its own name; the type is what its bytes were found to be. */
function sendAttachment(reply: FastifyReply, file: { data: Buffer; contentType: string; name: string }) {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`)
    .header('cache-control', 'private, max-age=3600')
    .header('x-content-type-options', 'nosniff')
    .send(file.data);
}

export const claimRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const tags = ['claims'];

  app.get(
    '/',
    {
      schema: {
        tags,
        security,
        querystring: listQuerySchema(claimListSpec),
        response: { 200: pageOf(ClaimSchema) },
      },
    },
    async (request) => listClaims(deps, { userId: caller(request).userId, query: request.query }),
  );

  app.get(
    '/claimable-insurances',
    { schema: { tags, security, response: { 200: dataOf(z.array(ClaimableInsuranceSchema)) } } },
    async (request) => ({ data: await claimableInsurances(deps, { userId: caller(request).userId }) }),
  );

  app.post(
    '/',
    {
      schema: {
        tags,
        security,
        description:
          'Files a claim; needs an Idempotency-Key. A retry with the key and the same body answers the ' +
          'claim filed (200) or the refusal the first request got; another body with the key is 409 ' +
          'idempotency_key_reused.',
        body: CreateClaimBodySchema,
        response: { 200: dataOf(ClaimDetailSchema), 201: dataOf(ClaimDetailSchema) },
      },
    },
    async (request, reply) => {
      const { created, claim } = await fileClaim(deps, {
        userId: caller(request).userId,
        body: request.body,
        idempotencyKey: idempotencyKey(request),
      });
      return reply.status(created ? 201 : 200).send({ data: claim });
    },
  );

  app.post(
    '/attachments',
    {
      schema: {
        tags,
        security,
        consumes: ['multipart/form-data'],
        body: z.strictObject({
          file: z.unknown(),
          name: z.string().max(255, { error: 'El nombre del archivo es demasiado largo.' }).optional(),
        }),
        response: { 201: dataOf(ClaimAttachmentSchema) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        data: await storeClaimAttachment(
          { ...deps, images: deps.config.images },
          {
            userId: caller(request).userId,
            data: request.body.file,
            name: request.body.name,
          },
        ),
      }),
  );

  app.get(
    '/attachments/:id',
    { schema: { tags, security, params: Id, response: { 200: attachmentAnswer } } },
    async (request, reply) =>
      sendAttachment(
        reply,
        await readClaimAttachment(deps, { attachmentId: request.params.id, userId: caller(request).userId }),
      ),
  );

  app.get(
    '/:id',
    { schema: { tags, security, params: Id, response: { 200: dataOf(ClaimDetailSchema) } } },
    async (request) => ({
      data: await findClaim(deps, { claimId: request.params.id, userId: caller(request).userId }),
    }),
  );

  /** What the customer adds to one of their claims (files, a message): answered with the claim, 201. */
  const addToClaim = <B extends z.ZodType>(body: B) => ({
    schema: { tags, security, params: Id, body, response: { 201: dataOf(ClaimDetailSchema) } },
  });
  app.post('/:id/attachments', addToClaim(AttachClaimFilesBodySchema), async (request, reply) => {
    const { userId } = caller(request);
    const attachmentIds = request.body.attachment_ids;
    const claim = await attachClaimFiles(deps, { userId, claimId: request.params.id, attachmentIds });
    return reply.status(201).send({ data: claim });
  });
  app.post('/:id/messages', addToClaim(ClaimMessageBodySchema), async (request, reply) => {
    const { userId } = caller(request);
    const claim = await postCustomerMessage(deps, {
      userId,
      claimId: request.params.id,
      body: request.body.body,
    });
    return reply.status(201).send({ data: claim });
  });
};

/** Behind requireOperator (an operator's session or the operations token); every change is audited. */
export const adminClaimRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const tags = ['admin-claims'];
  app.addHook('onRequest', requireOperator);

  app.get(
    '/',
    {
      schema: {
        tags,
        security,
        querystring: listQuerySchema(operatorClaimListSpec),
        response: { 200: pageOf(OperatorClaimSchema) },
      },
    },
    async (request) => listAllClaims(deps, { query: request.query }),
  );

  app.get(
    '/:id',
    { schema: { tags, security, params: Id, response: { 200: dataOf(OperatorClaimDetailSchema) } } },
    async (request) => ({ data: await findClaimForOperator(deps, { claimId: request.params.id }) }),
  );

  app.post(
    '/:id/status',
    {
      schema: {
        tags,
        security,
        params: Id,
        body: ChangeClaimStatusBodySchema,
        response: { 200: dataOf(OperatorClaimDetailSchema) },
      },
    },
    async (request) => ({
      data: await changeClaimStatus(deps, {
        claimId: request.params.id,
        body: request.body,
        idempotencyKey: idempotencyKey(request, { optional: true }),
        audit: auditContext(request),
      }),
    }),
  );

  app.post(
    '/:id/messages',
    {
      schema: {
        tags,
        security,
        params: Id,
        body: ClaimMessageBodySchema,
        response: { 201: dataOf(OperatorClaimDetailSchema) },
      },
    },
    async (request, reply) => {
      const claim = await postOperatorMessage(deps, {
        claimId: request.params.id,
        body: request.body.body,
        audit: auditContext(request),
      });
      return reply.status(201).send({ data: claim });
    },
  );

  app.get(
    '/:id/attachments/:attachmentId',
    {
      schema: {
        tags,
        security,
        params: Id.extend({ attachmentId: z.coerce.number().int().positive() }),
        response: { 200: attachmentAnswer },
      },
    },
    async (request, reply) =>
      sendAttachment(
        reply,
        await readClaimAttachment(deps, {
          attachmentId: request.params.attachmentId,
          claimId: request.params.id,
        }),
      ),
  );
};
