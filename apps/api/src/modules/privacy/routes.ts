/**
 * /customers/user privacy routes (decision 016): the deletion check and the deletion itself, and the data
 * export as JSON and PDF. Always the caller's own account: no route takes a user id. Registered inside
 * customerUserRoutes (under /customers/user), whose hooks already refuse during maintenance and require
 * a customer session.
 */
import {
  AccountDeletionBodySchema,
  AccountDeletionCheckSchema,
  DataExportSchema,
  MessageResponseSchema,
} from '@cubierto/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { fileAnswer } from '../../lib/file-answer.ts';
import { caller } from '../../lib/request-context.ts';
import { checkAccountDeletion, deleteAccount } from './deletion-service.ts';
import { renderDataExportPdf } from './export-pdf.ts';
import { exportUserData } from './export-service.ts';

const tags = ['privacy'];
const security = [{ bearer: [] }];
/** Exports read every table of the account: a few per hour is plenty for a person. */
const EXPORTS_PER_HOUR = 10;
const NoQuery = z.strictObject({});

export const privacyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const limitExports = async (userId: number) => {
    const limit = await deps.rateLimiter.hit(`data-export:${userId}`, EXPORTS_PER_HOUR, 3600);
    if (!limit.allowed)
      throw new AppError('too_many_requests', {
        message: 'Ya descargaste tus datos varias veces. Probá de nuevo en una hora.',
        headers: { 'retry-after': String(limit.retryAfterSeconds) },
      });
  };

  app.get(
    '/deletion',
    {
      schema: {
        tags,
        security,
        querystring: NoQuery,
        response: { 200: z.object({ data: AccountDeletionCheckSchema }) },
      },
    },
    async (request) => {
      const { userId, sessionId } = caller(request);
      return { data: await checkAccountDeletion(deps, { userId, sessionId }) };
    },
  );

  app.post(
    '/delete',
    {
      schema: {
        tags,
        security,
        querystring: NoQuery,
        body: AccountDeletionBodySchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (request) => {
      const { userId, sessionId } = caller(request);
      await deleteAccount(
        { ...deps, log: request.log },
        { userId, sessionId, password: request.body.password },
      );
      return { message: 'Eliminamos tu cuenta. Te enviamos un email de confirmación.' };
    },
  );

  app.get(
    '/export',
    {
      schema: {
        tags,
        security,
        querystring: NoQuery,
        response: { 200: z.object({ data: DataExportSchema }) },
      },
    },
    async (request, reply) => {
      const { userId } = caller(request);
      await limitExports(userId);
      const data = await exportUserData(deps, { userId });
      reply
        .header('cache-control', 'private, no-store')
        .header('content-disposition', 'attachment; filename="mis-datos-cubierto.json"');
      return { data };
    },
  );

  app.get(
    '/export.pdf',
    {
      schema: {
        tags,
        security,
        querystring: NoQuery,
        response: { 200: fileAnswer('application/pdf', 'Everything the account holds, as a PDF to read.') },
      },
    },
    async (request, reply) => {
      const { userId } = caller(request);
      await limitExports(userId);
      const pdf = await renderDataExportPdf(await exportUserData(deps, { userId }));
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', 'attachment; filename="mis-datos-cubierto.pdf"')
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
};
