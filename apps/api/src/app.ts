/**
 * buildApp: the whole API as a Fastify instance that does not listen, so tests inject into it.
 * Order: external plugins, then app plugins (context, errors), then routes under /api/v4.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import cors from '@fastify/cors';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config, TrustProxy } from './config.ts';
import type { Database, Db } from './db/client.ts';
import { answerSerializerCompiler } from './lib/answer-serializer.ts';
import { registerBodyParsers } from './lib/body-parsers.ts';
import { AppError, declareErrorAnswers, registerErrorHandler } from './lib/errors.ts';
import { registerHealthRoutes } from './lib/health.ts';
import { inlineScriptHashes } from './lib/inline-scripts.ts';
import { withLogRedaction } from './lib/log-redaction.ts';
import { createMailer, type Mailer } from './lib/mail.ts';
import { registerMetrics } from './lib/metrics.ts';
import { drawnPageFiles, prerenderedPages } from './lib/prerendered-pages.ts';
import { createMemoryRateLimiter, createRedisRateLimiter, type RateLimiter } from './lib/rate-limiter.ts';
import { registerReadCaches } from './lib/read-cache.ts';
import { SERVER_DIR } from './lib/rendered-pages.ts';
import { rejectDuringMaintenance, requestContextPlugin, requireCustomer } from './lib/request-context.ts';
import { registerRequestIds, requestIdOf } from './lib/request-id.ts';
import { addSecurityHeaders } from './lib/security-headers.ts';
import { createStorage, type Storage } from './lib/storage.ts';
import { addBodyDeadline, serverTimeouts } from './lib/timeouts.ts';
import { adminRoutes } from './modules/admin/routes.ts';
import { appLinkRoutes } from './modules/app-links/routes.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { createSessionCache, type SessionCache } from './modules/auth/session-cache.ts';
import type { SocialVerifier } from './modules/auth/social.ts';
import { createSocialVerifier } from './modules/auth/social.ts';
import { withTestModeApple } from './modules/auth/test-mode.ts';
import { entityInvitationRoutes, entityRoutes } from './modules/business/routes.ts';
import { type CatalogCache, createCatalogCache } from './modules/catalog/catalog-cache.ts';
import { operatorCatalogRoutes } from './modules/catalog/operator-routes.ts';
import {
  applicationPolicyRoutes,
  linkedApplicationRoutes,
  publicPolicyRoutes,
} from './modules/catalog/routes.ts';
import { adminClaimRoutes, claimRoutes } from './modules/claims/routes.ts';
import { commonRoutes } from './modules/common/routes.ts';
import { filesRoutes } from './modules/customers/files-routes.ts';
import { operatorCustomerRoutes } from './modules/customers/operator-routes.ts';
import { createProfileCache, type ProfileCache } from './modules/customers/profile-cache.ts';
import { customerUserRoutes } from './modules/customers/routes.ts';
import { importRoutes } from './modules/imports/routes.ts';
import { createInsuranceListCache, type InsuranceListCache } from './modules/insurances/list-cache.ts';
import { adminInsuranceRoutes } from './modules/insurances/operator-routes.ts';
import { insuranceRoutes, processRoutes } from './modules/insurances/routes.ts';
import {
  operatorInsuredServiceRoutes,
  publicInsuredServiceRoutes,
} from './modules/insured-service/routes.ts';
import { type ArcaService, createArcaService } from './modules/invoices/arca-service.ts';
import { operatorInvoiceRoutes } from './modules/invoices/operator-routes.ts';
import { invoiceProfileRoutes, invoiceRoutes } from './modules/invoices/routes.ts';
import { createApnsSender } from './modules/notifications/apns.ts';
import { createFcmSender } from './modules/notifications/fcm.ts';
import { createWebPushSender, type PushSender, resolveVapidKeys } from './modules/notifications/push.ts';
import { notificationUserRoutes, pushSubscriptionRoutes } from './modules/notifications/routes.ts';
import { withUniversalLinks } from './modules/notifications/universal-links.ts';
import { operatorRoutes, operatorSignInRoutes } from './modules/operators/routes.ts';
import { createMercadoPagoProvider } from './modules/payments/mercadopago.ts';
import type { Providers } from './modules/payments/payment-service.ts';
import { paymentRoutes } from './modules/payments/routes.ts';
import { createSandboxProvider } from './modules/payments/sandbox.ts';
import { sandboxRoutes } from './modules/payments/sandbox-routes.ts';
import { createUalaProvider } from './modules/payments/uala.ts';
import { webhookRoutes } from './modules/payments/webhook-routes.ts';
import { operatorPollRoutes } from './modules/polls/operator-routes.ts';
import { pollRoutes } from './modules/polls/routes.ts';
import { operatorReferralRoutes } from './modules/referrals/operator-routes.ts';
import { referralRoutes } from './modules/referrals/routes.ts';
import { operatorRightsRoutes } from './modules/rights/operator-routes.ts';
import { customerRightsRoutes, publicRightsRoutes } from './modules/rights/routes.ts';
import { operatorSettingsRoutes } from './modules/settings/operator-routes.ts';
import { opsRoutes } from './modules/settings/routes.ts';
import { createMaintenanceReader } from './modules/settings/service.ts';
import { uploadRoutes } from './modules/uploads/routes.ts';
import { operatorWalletRoutes } from './modules/wallets/operator-routes.ts';
import { creditWalletRoutes, moneyWalletRoutes } from './modules/wallets/routes.ts';

export const API_PREFIX = '/api/v4';

export type AppDeps = {
  config: Config;
  database: Database;
  db: Db;
  mailer: Mailer;
  rateLimiter: RateLimiter;
  storage: Storage;
  social: SocialVerifier;
  maintenance: ReturnType<typeof createMaintenanceReader>;
  /** Checkout providers by payment method. */
  providers: Providers;
  /** The operations token (maintenance switch, operator actions until operator accounts exist). */
  opsToken: string | undefined;
  /**
   * Push to devices: Web Push (VAPID keys from config or, outside production, the data folder), FCM for
   * android tokens and APNs for ios tokens when they are configured.
   */
  push: PushSender;
  /** Bearer sessions checked recently, dropped at once when revoked anywhere (modules/auth/session-cache.ts). */
  sessions: SessionCache;
  /** GET /customers/user's answers, dropped at once when a row they show changes (modules/customers/profile-cache.ts). */
  profiles: ProfileCache;
  /** GET /customers/insurances' answers, dropped when one of the caller's insurances changes (modules/insurances/list-cache.ts). */
  insuranceLists: InsuranceListCache;
  /** The public catalogue's and the reference lists' answers, one for every caller (modules/catalog/catalog-cache.ts). */
  catalog: CatalogCache;
  /** ARCA electronic invoicing (ARCA_ENV): the client, and the in-process local peer when `local`. */
  arca: ArcaService;
};

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}

export type BuildAppOptions = {
  config: Config;
  database: Database;
  /** Replace adapters in tests (mail to a local SMTP peer, a fixed rate limiter …). */
  overrides?: Partial<
    Pick<AppDeps, 'mailer' | 'rateLimiter' | 'storage' | 'social' | 'providers' | 'push' | 'arca'>
  >;
  logger?: FastifyServerOptions['logger'];
  /** Enables the /ops routes (maintenance switch) with this token. */
  opsToken?: string;
};

/**
 * What the Content-Security-Policy allows beyond the app itself: the hosts of the production-only
 * scripts, and only those whose ids are configured (none by default). Never an inline script.
 */
export function thirdPartySources(ids: Config['thirdParty']) {
  const google = ids.analyticsId !== undefined || ids.tagManagerId !== undefined;
  const clarity = ids.sessionRecordingId !== undefined;
  return {
    script: [
      ...(google ? ['https://www.googletagmanager.com'] : []),
      ...(clarity ? ['https://www.clarity.ms', 'https://*.clarity.ms'] : []),
    ],
    connect: [
      ...(google
        ? [
            'https://*.google-analytics.com',
            'https://*.analytics.google.com',
            'https://*.googletagmanager.com',
          ]
        : []),
      ...(clarity ? ['https://*.clarity.ms'] : []),
    ],
    img: [
      ...(google ? ['https://*.google-analytics.com', 'https://*.googletagmanager.com'] : []),
      ...(clarity ? ['https://*.clarity.ms'] : []),
    ],
  };
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    // Token-like query parameters and credential headers never reach the log (lib/log-redaction.ts).
    logger: withLogRedaction(
      options.logger ?? (config.logLevel === 'silent' ? false : { level: config.logLevel }),
    ),
    bodyLimit: config.bodyLimit,
    // A well-formed X-Request-Id is kept, else a UUID (lib/request-id.ts); logged as reqId.
    genReqId: requestIdOf,
    // X-Forwarded-For only from the configured proxies (TRUST_PROXY), else any client could pick its address.
    trustProxy: trustProxyOption(config.trustProxy),
    ...serverTimeouts(config.timeouts),
    // Stopping (lib/shutdown.ts): a request that reaches an already open connection after the server stopped
    // accepting is served, not answered 503: the proxy sent it before it could know, and would not send a
    // POST again. Server.close() still refuses new connections and closes the idle ones.
    return503OnClosing: false,
    // Query strings keep bracketed keys literal (`filter[platform][like]`); lib/list-query parses them.
    routerOptions: { ignoreTrailingSlash: true },
    ajv: { customOptions: { removeAdditional: false } },
    // Plugins get a minute to start (Fastify's default is 10 s): on a busy machine the API reference's
    // static files and the database handles can take longer, and a slow start is not a failed one.
    pluginTimeout: 60_000,
  }).withTypeProvider<ZodTypeProvider>();

  registerRequestIds(app);
  app.setValidatorCompiler(validatorCompiler);
  // Successful answers written by fast-json-stringify from their schemas; under test also checked against
  // them and compared with the zod serializer's bytes (lib/answer-serializer.ts).
  app.setSerializerCompiler(answerSerializerCompiler({ checked: config.env === 'test' }));
  addBodyDeadline(app, config.timeouts.bodyMs);

  const mercadopago = config.mercadopago
    ? createMercadoPagoProvider(config.mercadopago, config.publicUrl)
    : undefined;
  const uala = config.uala ? createUalaProvider(config.uala, config.publicUrl) : undefined;
  const deps: AppDeps = {
    config,
    database,
    db: database.db,
    mailer:
      options.overrides?.mailer ??
      createMailer({
        smtpUrl: config.smtpUrl,
        from: config.mailFrom,
        mailDir: config.mailDir,
        log: app.log,
      }),
    rateLimiter:
      options.overrides?.rateLimiter ??
      (config.redisUrl
        ? createRedisRateLimiter(config.redisUrl, undefined, app.log)
        : createMemoryRateLimiter()),
    storage: options.overrides?.storage ?? createStorage(config.storage),
    social: ((verifier) => (config.testMode ? withTestModeApple(verifier) : verifier))(
      options.overrides?.social ?? createSocialVerifier(config.social),
    ),
    maintenance: createMaintenanceReader(database.db),
    sessions: await createSessionCache(database),
    profiles: await createProfileCache(database),
    insuranceLists: await createInsuranceListCache(database),
    catalog: await createCatalogCache(database),
    arca: options.overrides?.arca ?? (await createArcaService(config.arca, database.db)),
    opsToken: options.opsToken,
    push: options.overrides?.push ?? {
      ...createWebPushSender(resolveVapidKeys(config)),
      native: {
        // The apps open a notification's link as a universal link (docs/decisions/014).
        ...(config.fcm ? { android: withUniversalLinks(createFcmSender(config.fcm), config.publicUrl) } : {}),
        ...(config.apns ? { ios: withUniversalLinks(createApnsSender(config.apns), config.publicUrl) } : {}),
      },
    },
    providers: {
      ...(config.paymentsSandbox ? { sandbox: createSandboxProvider(config.publicUrl) } : {}),
      ...(mercadopago ? { mercadopago } : {}),
      ...(uala ? { uala } : {}),
      ...options.overrides?.providers,
    },
  };
  app.decorate('deps', deps);
  registerMetrics(app);
  app.addHook('onClose', async () => {
    await deps.rateLimiter.close();
    await deps.sessions.close();
    await deps.profiles.close();
    await deps.insuranceLists.close();
    await deps.catalog.close();
    await Promise.all(Object.values(deps.push.native ?? {}).map((sender) => sender.close()));
    if (!options.overrides?.storage) deps.storage.close();
    if (!options.overrides?.arca) await deps.arca.close();
  });
  // GET routes that declare `readCache` keep their answers in memory (lib/read-cache.ts); the database tells
  // every instance what changed (migrations 0016, 0017), and the instance that served a change forgets
  // before it answers: after a customer's request, that customer's answers; after a provider's webhook,
  // the sandbox checkout or an operator's request, everything.
  const changesOthers = new RegExp(`^(${API_PREFIX}/(webhooks|admin|ops|rights|applications)|/sandbox)/`);
  registerReadCaches(app, {
    caches: [deps.profiles, deps.insuranceLists, deps.catalog],
    changesEveryone: changesOthers,
  });

  // The web build the API serves, if any, and the public pages it prerendered.
  const dist = webDir(config);
  // The pages drawn per request read their data through the API's own routes, as the page would.
  const pages = prerenderedPages(dist, config.applicationId, async (address) => {
    const answer = await app.inject({ method: 'GET', url: address });
    try {
      return { status: answer.statusCode, body: JSON.parse(answer.body) as unknown };
    } catch {
      return { status: answer.statusCode, body: null };
    }
  });

  // External plugins.
  const thirdParty = thirdPartySources(config.thirdParty);
  // A web build made with VITE_API_ORIGIN calls the API there (docs/decisions/014).
  const apiOrigin = config.apiOrigin ? [config.apiOrigin] : [];
  addSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...inlineScriptHashes(dist), ...thirdParty.script],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...apiOrigin, ...thirdParty.img],
        connectSrc: ["'self'", ...apiOrigin, ...thirdParty.connect],
        fontSrc: ["'self'", 'data:'],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    hsts: { maxAge: 31_536_000, includeSubDomains: true },
    crossOriginEmbedderPolicy: false,
  });
  if (config.corsOrigins.length > 0) {
    // Only the listed origins (the apps' shells, a web app on its own host) get CORS headers.
    await app.register(cors, {
      origin: config.corsOrigins,
      credentials: true,
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      // X-Device-Id: the app's device id on sign-in and registration (contracts DEVICE_ID_HEADER).
      // Access-Control-Allow-Origin: spec §7's request header on /check paths (value '*', DOMAIN.md).
      allowedHeaders: [
        'Authorization',
        'Content-Type',
        'Accept',
        'Context-Id',
        'Idempotency-Key',
        'X-Device-Id',
        'Access-Control-Allow-Origin',
      ],
      // Downloads read the file's name from it.
      exposedHeaders: ['Content-Disposition'],
      maxAge: 600,
    });
  }
  // JSON, forms and multipart, each refused with a 400 when malformed (lib/body-parsers.ts).
  await registerBodyParsers(app, { uploadLimit: config.uploadLimit });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Cubierto API',
        version: '4.0.0',
        description: 'API v4 of Cubierto. Errors answer `{ message, validations?, error_code }`.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
    // Schemas with an id (contracts' JsonValueSchema) are components the operations refer to.
    transformObject: jsonSchemaTransformObject,
  });
  // The reference lists every route, the back office's included: served only when API_DOCS is on (off
  // in production by default). The document is still built, for app.swagger().
  if (config.apiDocs) await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });
  else app.get('/docs*', { schema: { hide: true } }, switchedOff);

  // App plugins.
  await app.register(requestContextPlugin);
  registerErrorHandler(app, { web: { distDir: dist, pages } });
  registerHealthRoutes(app);

  // Routes.
  await app.register(
    async (api) => {
      declareErrorAnswers(api);
      if (config.apiDocs) api.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
      await api.register(authRoutes, { prefix: '/auth' });
      await api.register(operatorSignInRoutes, { prefix: '/admin/auth' });
      await api.register(adminClaimRoutes, { prefix: '/admin/claims' });
      await api.register(adminInsuranceRoutes, { prefix: '/admin/insurances' });
      await api.register(operatorCustomerRoutes, { prefix: '/admin' });
      await api.register(operatorRoutes, { prefix: '/admin' });
      await api.register(operatorCatalogRoutes, { prefix: '/admin' });
      await api.register(operatorSettingsRoutes, { prefix: '/admin' });
      await api.register(operatorInsuredServiceRoutes, { prefix: '/admin' });
      await api.register(operatorPollRoutes, { prefix: '/admin' });
      await api.register(operatorReferralRoutes, { prefix: '/admin' });
      await api.register(adminRoutes, { prefix: '/admin' });
      await api.register(operatorWalletRoutes, { prefix: '/admin' });
      await api.register(operatorRightsRoutes, { prefix: '/admin' });
      await api.register(operatorInvoiceRoutes, { prefix: '/admin' });
      await api.register(commonRoutes, { prefix: '/common' });
      await api.register(publicInsuredServiceRoutes, { prefix: '/common' });
      await api.register(customerUserRoutes, { prefix: '/customers' });
      await api.register(filesRoutes, { prefix: '/files' });
      if (options.opsToken) await api.register(opsRoutes, { prefix: '/ops', opsToken: options.opsToken });
      await api.register(publicPolicyRoutes, { prefix: '/public-policies' });
      await api.register(applicationPolicyRoutes, { prefix: '/applications' });
      await api.register(webhookRoutes, { prefix: '/webhooks', mercadopago, uala });
      await api.register(publicRightsRoutes, { prefix: '/rights' });
      await api.register(
        async (customers) => {
          customers.addHook('onRequest', rejectDuringMaintenance);
          customers.addHook('onRequest', requireCustomer);
          await customers.register(linkedApplicationRoutes, { prefix: '/linked-applications' });
          await customers.register(processRoutes, { prefix: '/insurance-processes' });
          await customers.register(insuranceRoutes, { prefix: '/insurances' });
          await customers.register(entityRoutes, { prefix: '/entities' });
          await customers.register(entityInvitationRoutes, { prefix: '/entity-invitations' });
          await customers.register(importRoutes, { prefix: '/imports' });
          await customers.register(uploadRoutes, { prefix: '/uploads' });
          await customers.register(paymentRoutes, { prefix: '/payments' });
          await customers.register(moneyWalletRoutes, { prefix: '/money-wallet' });
          await customers.register(creditWalletRoutes, { prefix: '/credit-wallet' });
          await customers.register(invoiceProfileRoutes, { prefix: '/invoice-profile' });
          await customers.register(invoiceRoutes, { prefix: '/invoices' });
          await customers.register(referralRoutes, { prefix: '/referral' });
          await customers.register(customerRightsRoutes, { prefix: '/rights' });
          await customers.register(pollRoutes, { prefix: '/poll-question-response' });
          await customers.register(claimRoutes, { prefix: '/claims' });
          await customers.register(notificationUserRoutes, { prefix: '/notification-user' });
          await customers.register(pushSubscriptionRoutes, { prefix: '/push-subscriptions' });
        },
        { prefix: '/customers' },
      );
    },
    { prefix: API_PREFIX },
  );

  if (config.paymentsSandbox) await app.register(sandboxRoutes, { prefix: '/sandbox' });
  else app.get('/sandbox*', { schema: { hide: true } }, switchedOff);
  await app.register(appLinkRoutes);

  if (dist) {
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: false,
      index: ['index.html'],
      // The build writes .br and .gz beside every text file (apps/web/build-compress.ts).
      preCompressed: true,
      // The render bundle of the pages drawn per request and their templates: the server's, never served.
      // The pages drawn per request are answered by the not-found handler (lib/errors.ts).
      globIgnore: [`${SERVER_DIR}/**`, ...drawnPageFiles(dist)],
      setHeaders(reply, filePath) {
        // Hashed build assets never change; everything else is revalidated.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`) && /-[\w-]{8,}\./.test(filePath);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        // A prerendered page answered by its own file (/login): the API requests it makes first go with it.
        const link = filePath.includes('index.html')
          ? pages(reply.request.url.split('?')[0] ?? '')?.link
          : undefined;
        if (link) reply.header('link', link);
      },
    });
  }
  return app;
}

/**
 * TRUST_PROXY for Fastify. A number of proxies is a rule on hops (the last n addresses are proxies):
 * Fastify's own number form trusts nothing since it cannot check the peer.
 */
function trustProxyOption(trust: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

/** /docs or /sandbox switched off: a 404, not the web app's index.html that unknown paths get. */
async function switchedOff(): Promise<never> {
  throw new AppError('not_found');
}

function webDir(config: Config): string | undefined {
  const dir = config.webDistDir;
  return dir && existsSync(path.join(dir, 'index.html')) ? dir : undefined;
}
