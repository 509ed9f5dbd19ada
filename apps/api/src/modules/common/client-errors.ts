/**
 * POST /common/client-errors: the web app reports an unexpected error it met (spec §8's central handler,
 * the window's error and unhandledrejection events). Public (the error may come before or after a sign-in),
 * so it is limited per address and in size, and only ever written to the log, as one warning line that
 * carries the request's id like every other line of the request. Nothing is stored.
 */
import { CLIENT_ERROR_LIMITS, ClientErrorReportSchema } from '@cubierto/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { redactText } from '../../lib/log-redaction.ts';

/** Reports per address and minute: a page in an error loop cannot flood the log. */
export const CLIENT_ERRORS_PER_MINUTE = 20;

export const clientErrorRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  app.post(
    '/client-errors',
    {
      bodyLimit: CLIENT_ERROR_LIMITS.body,
      schema: { tags: ['common'], body: ClientErrorReportSchema, response: { 204: z.null() } },
    },
    async (request, reply) => {
      const limit = await deps.rateLimiter.hit(
        `client-errors:ip:${request.ip}`,
        CLIENT_ERRORS_PER_MINUTE,
        60,
      );
      if (!limit.allowed) {
        throw new AppError('too_many_requests', {
          headers: { 'retry-after': String(limit.retryAfterSeconds) },
        });
      }
      // A page's address can carry a reset or invitation token, an error text the URL it failed on.
      const { url, message, stack } = request.body;
      request.log.warn(
        {
          client_error: {
            ...request.body,
            url: redactText(url),
            message: redactText(message),
            ...(stack === undefined ? {} : { stack: redactText(stack) }),
            user_agent: request.headers['user-agent']?.slice(0, 300),
          },
        },
        'client error reported',
      );
      return reply.status(204).send(null);
    },
  );
};
