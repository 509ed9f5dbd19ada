/** /auth: sign-in, registration, password reset, session refresh and sign-out, social sign-in. */
import {
  DEVICE_ID_HEADER,
  DeviceHeadersSchema,
  FacebookExchangeQuerySchema,
  ForgotPasswordBodySchema,
  LoginBodySchema,
  MessageResponseSchema,
  RegisterBodySchema,
  RegisterConfirmBodySchema,
  RegisterResendBodySchema,
  ResetPasswordBodySchema,
  registrationPendingMessage,
  SocialLoginBodySchema,
  SocialUnregisteredSchema,
  TokenResponseSchema,
  UserSchema,
} from '@cubierto/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { cachedAnswers } from '../../lib/read-cache.ts';
import { caller, rejectDuringMaintenance, requireCustomer } from '../../lib/request-context.ts';
import { findCustomerUser, USER_RELATIONS } from '../customers/service.ts';
import { confirmRegistration, resendRegistrationCode, startRegistration } from './registration.ts';
import {
  endSession,
  loginWithPassword,
  loginWithSocial,
  minutesText,
  refreshSession,
  registerWithSocial,
  requestPasswordReset,
  resetPassword,
} from './service.ts';

const tags = ['auth'];
const FORGOT_MESSAGE = 'Si el email está registrado, te enviamos un enlace para restablecer la contraseña.';

/** The app's device id (validated by DeviceHeadersSchema on the routes that read it). */
const deviceIdOf = (request: FastifyRequest): string | undefined => {
  const value = request.headers[DEVICE_ID_HEADER];
  return typeof value === 'string' ? value : undefined;
};

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.post(
    '/login',
    {
      schema: {
        tags,
        headers: DeviceHeadersSchema,
        body: LoginBodySchema,
        response: { 200: TokenResponseSchema },
      },
      preHandler: rejectDuringMaintenance,
    },
    async (request) =>
      loginWithPassword(deps, {
        ...request.body,
        ip: request.ip,
        userAgent: request.headers['user-agent'],
        deviceId: deviceIdOf(request),
      }),
  );

  /**
   * Registrations (and code resends) per IP and per device: one place cannot open accounts in bulk.
   * A request without a device id is limited by its IP alone.
   */
  const limitRegistrations = async (request: FastifyRequest) => {
    const { perIp, perDevice, windowSeconds } = deps.config.registerLimits;
    const deviceId = deviceIdOf(request);
    const checks = [deps.rateLimiter.hit(`register:ip:${request.ip}`, perIp, windowSeconds)];
    if (deviceId) checks.push(deps.rateLimiter.hit(`register:device:${deviceId}`, perDevice, windowSeconds));
    const refused = (await Promise.all(checks)).filter((limit) => !limit.allowed);
    if (refused.length) {
      const retry = Math.max(...refused.map((limit) => limit.retryAfterSeconds));
      throw new AppError('too_many_requests', {
        message: `Demasiados registros desde este dispositivo o red. Probá de nuevo en ${minutesText(retry)}.`,
        headers: { 'retry-after': String(retry) },
      });
    }
  };

  app.post(
    '/register',
    {
      schema: {
        tags,
        description:
          'With a password: 202 and the same message for a new and an existing e-mail; the code mailed to a new one confirms it (/register/confirm). With a verified provider token (social + social_token): 201 and the session at once.',
        headers: DeviceHeadersSchema,
        body: RegisterBodySchema,
        response: { 201: TokenResponseSchema, 202: MessageResponseSchema },
      },
      preHandler: [rejectDuringMaintenance, limitRegistrations],
    },
    async (request, reply) => {
      const body = request.body;
      if (!body.social && !body.social_token) {
        await startRegistration(deps, { ...body, deviceId: deviceIdOf(request) });
        return reply.status(202).send({ message: registrationPendingMessage(body.email) });
      }
      const token = await registerWithSocial(deps, {
        ...body,
        userAgent: request.headers['user-agent'],
        deviceId: deviceIdOf(request),
      });
      return reply.status(201).send(token);
    },
  );

  /** The account, from the code mailed by /register: the same answer /register gave before codes. */
  app.post(
    '/register/confirm',
    {
      schema: {
        tags,
        headers: DeviceHeadersSchema,
        body: RegisterConfirmBodySchema,
        response: { 201: TokenResponseSchema },
      },
      preHandler: rejectDuringMaintenance,
    },
    async (request, reply) => {
      const token = await confirmRegistration(deps, request.body, {
        sessionDays: deps.config.sessionDays,
        userAgent: request.headers['user-agent'],
        deviceId: deviceIdOf(request),
      });
      return reply.status(201).send(token);
    },
  );

  app.post(
    '/register/resend',
    {
      schema: {
        tags,
        headers: DeviceHeadersSchema,
        body: RegisterResendBodySchema,
        response: { 202: MessageResponseSchema },
      },
      preHandler: [rejectDuringMaintenance, limitRegistrations],
    },
    async (request, reply) => {
      await resendRegistrationCode(deps, { email: request.body.email, deviceId: deviceIdOf(request) });
      return reply.status(202).send({ message: registrationPendingMessage(request.body.email) });
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
      await resetPassword(deps, request.body);
      return { message: 'Listo, ya podés iniciar sesión con tu nueva contraseña.' };
    },
  );

  app.get(
    '/user',
    {
      schema: { tags, security: [{ bearer: [] }], response: { 200: z.object({ data: UserSchema }) } },
      preHandler: requireCustomer,
      // The profile with its three relations, kept like GET /customers/user's (customers/profile-cache.ts).
      config: { readCache: cachedAnswers(deps.profiles, () => [...USER_RELATIONS].sort()) },
    },
    async (request) => ({
      data: await findCustomerUser(
        { db: deps.db },
        { userId: caller(request).userId, load: new Set(USER_RELATIONS) },
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
      const { userId, sessionId } = caller(request);
      return refreshSession(deps, { userId, sessionId, userAgent: request.headers['user-agent'] });
    },
  );

  app.post(
    '/logout',
    {
      schema: { tags, security: [{ bearer: [] }], response: { 204: z.null() } },
      preHandler: requireCustomer,
    },
    async (request, reply) => {
      await endSession(deps, { sessionId: caller(request).sessionId });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/social',
    {
      schema: {
        tags,
        headers: DeviceHeadersSchema,
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
        deviceId: deviceIdOf(request),
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
