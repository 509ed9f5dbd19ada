/** /auth: sign-in, registration, password reset, session refresh and sign-out, social sign-in. */
import {
  FacebookExchangeQuerySchema,
  ForgotPasswordBodySchema,
  LoginBodySchema,
  MessageResponseSchema,
  RegisterBodySchema,
  ResetPasswordBodySchema,
  SocialLoginBodySchema,
  SocialUnregisteredSchema,
  TokenResponseSchema,
  UserSchema,
} from '@cubierto/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { caller, rejectDuringMaintenance, requireCustomer } from '../../lib/request-context.ts';
import { findCustomerUser } from '../customers/service.ts';
import {
  loginWithPassword,
  loginWithSocial,
  registerUser,
  requestPasswordReset,
  resetPassword,
} from './service.ts';
import { createSession, revokeSession } from './sessions.ts';
import type { SocialProfile } from './social.ts';

const tags = ['auth'];
const FORGOT_MESSAGE = 'Si el email está registrado, te enviamos un enlace para restablecer la contraseña.';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.post(
    '/login',
    {
      schema: { tags, body: LoginBodySchema, response: { 200: TokenResponseSchema } },
      preHandler: rejectDuringMaintenance,
    },
    async (request) =>
      loginWithPassword(deps, { ...request.body, ip: request.ip, userAgent: request.headers['user-agent'] }),
  );

  app.post(
    '/register',
    {
      schema: { tags, body: RegisterBodySchema, response: { 201: TokenResponseSchema } },
      preHandler: rejectDuringMaintenance,
    },
    async (request, reply) => {
      const body = request.body;
      let socialProfile: SocialProfile | undefined;
      if (body.social || body.social_token) {
        if (!body.social || !body.social_token)
          throw new AppError('validation_failed', {
            validations: { social: ['Falta el proveedor o su token.'] },
          });
        socialProfile = await deps.social.verify(body.social, body.social_token);
        if (socialProfile.email?.toLowerCase() !== body.email) {
          throw new AppError('validation_failed', {
            validations: { email: ['El email debe ser el de tu cuenta del proveedor.'] },
          });
        }
      }
      const token = await registerUser(
        deps.db,
        { ...body, socialProfile },
        { sessionDays: deps.config.sessionDays, userAgent: request.headers['user-agent'] },
      );
      return reply.status(201).send(token);
    },
  );

  app.post(
    '/forgot-password',
    { schema: { tags, body: ForgotPasswordBodySchema, response: { 200: MessageResponseSchema } } },
    async (request) => {
      const limit = await deps.rateLimiter.hit(
        `forgot:${request.ip}`,
        deps.config.loginLimits.perIp,
        deps.config.loginLimits.windowSeconds,
      );
      if (!limit.allowed) throw new AppError('too_many_requests');
      await requestPasswordReset(deps, request.body.email);
      return { message: FORGOT_MESSAGE };
    },
  );

  app.post(
    '/reset-password',
    { schema: { tags, body: ResetPasswordBodySchema, response: { 200: MessageResponseSchema } } },
    async (request) => {
      const userId = await resetPassword(deps.db, request.body);
      // Other instances hear it from the database; this one forgets before answering.
      deps.sessions.evict(`user:${userId}`);
      return { message: 'Listo, ya podés iniciar sesión con tu nueva contraseña.' };
    },
  );

  app.get(
    '/user',
    {
      schema: { tags, security: [{ bearer: [] }], response: { 200: z.object({ data: UserSchema }) } },
      preHandler: requireCustomer,
    },
    async (request) => ({
      data: await findCustomerUser(
        deps.db,
        caller(request).userId,
        new Set(['entity', 'takerEntity', 'place']),
      ),
    }),
  );

  /** A new token for the same user; the old one stops working at once. */
  app.get(
    '/refresh',
    {
      schema: { tags, security: [{ bearer: [] }], response: { 200: TokenResponseSchema } },
      preHandler: requireCustomer,
    },
    async (request) => {
      const auth = caller(request);
      const token = await deps.db.transaction(async (tx) => {
        await revokeSession(tx, auth.sessionId);
        return createSession(tx, {
          userId: auth.userId,
          sessionDays: deps.config.sessionDays,
          userAgent: request.headers['user-agent'],
        });
      });
      deps.sessions.evict(`session:${auth.sessionId}`);
      return token;
    },
  );

  app.post(
    '/logout',
    { schema: { tags, security: [{ bearer: [] }] }, preHandler: requireCustomer },
    async (request, reply) => {
      const { sessionId } = caller(request);
      await revokeSession(deps.db, sessionId);
      deps.sessions.evict(`session:${sessionId}`);
      return reply.status(204).send();
    },
  );

  app.post(
    '/social',
    {
      schema: {
        tags,
        body: SocialLoginBodySchema,
        response: { 200: z.object({ data: z.union([TokenResponseSchema, SocialUnregisteredSchema]) }) },
      },
      preHandler: rejectDuringMaintenance,
    },
    async (request) => {
      const limit = await deps.rateLimiter.hit(
        `social:${request.ip}`,
        deps.config.loginLimits.perIp,
        deps.config.loginLimits.windowSeconds,
      );
      if (!limit.allowed) throw new AppError('too_many_requests');
      const result = await loginWithSocial(deps, {
        provider: request.body.social,
        token: request.body.social_token,
        userAgent: request.headers['user-agent'],
      });
      return {
        data: result.kind === 'session' ? result.token : { email: result.email, message: result.message },
      };
    },
  );

  app.get(
    '/facebook/exchange',
    {
      schema: {
        tags,
        querystring: FacebookExchangeQuerySchema,
        response: { 200: z.object({ data: z.object({ access_token: z.string() }) }) },
      },
    },
    async (request) => {
      const redirectUri = request.query.redirect_uri ?? `${deps.config.publicUrl}/login`;
      return { data: await deps.social.exchangeFacebookCode(request.query.code, redirectUri) };
    },
  );
};
