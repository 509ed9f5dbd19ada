/** /common: public reference data — app versions, contexts, provinces and localities, public app config. */
import {
  AppConfigSchema,
  AppVersionSchema,
  CertificateCheckSchema,
  CHECKOUT_METHODS,
  ContextSchema,
  dataOf,
  LocalitySchema,
  PageMetaSchema,
  ProvinceSchema,
} from '@cubierto/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listQuerySchema } from '../../lib/list-query.ts';
import { cachedAnswers } from '../../lib/read-cache.ts';
import { verifyCertificate } from '../insurances/service.ts';
import { readBuildStamp } from './build-stamp.ts';
import { clientErrorRoutes } from './client-errors.ts';
import {
  appVersionListSpec,
  contextListSpec,
  listContexts,
  listLocalities,
  listProvinces,
  listPublicAppVersions,
} from './service.ts';

const tags = ['common'];

export const commonRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  await app.register(clientErrorRoutes);

  app.get(
    '/app-version',
    {
      schema: {
        tags,
        querystring: listQuerySchema(appVersionListSpec),
        response: { 200: z.object({ data: z.array(AppVersionSchema), meta: PageMetaSchema }) },
      },
      // Asked at every start, the same for everyone (modules/catalog/catalog-cache.ts).
      config: { readCache: cachedAnswers(deps.catalog, undefined, { shared: true }) },
    },
    async (request) => listPublicAppVersions(deps, request.query),
  );

  app.get(
    '/contexts',
    {
      schema: {
        tags,
        querystring: listQuerySchema(contextListSpec),
        response: { 200: z.object({ data: z.array(ContextSchema) }) },
      },
    },
    async (request) => ({ data: await listContexts(deps, request.query) }),
  );

  app.get(
    '/provinces',
    {
      schema: { tags, response: { 200: z.object({ data: z.array(ProvinceSchema) }) } },
      config: { readCache: cachedAnswers(deps.catalog, undefined, { shared: true }) },
    },
    async () => ({ data: await listProvinces(deps) }),
  );

  app.get(
    '/provinces/:id/localities',
    {
      schema: {
        tags,
        params: z.object({ id: z.coerce.number().int().positive() }),
        response: { 200: z.object({ data: z.array(LocalitySchema) }) },
      },
    },
    async (request) => ({ data: await listLocalities(deps, request.params.id) }),
  );

  /** The public certificate check behind the QR code: in force today or not, initials only. */
  app.get(
    '/verify/:code',
    {
      schema: {
        tags,
        params: z.object({ code: z.string().regex(/^[\w-]{8,64}$/) }),
        response: { 200: dataOf(CertificateCheckSchema) },
      },
    },
    async (request) => ({ data: await verifyCertificate(deps.db, request.params.code) }),
  );

  /** Public, whitelisted configuration for the web app: never a secret. */
  const buildStamp = readBuildStamp(deps.config);
  app.get(
    '/app-config',
    {
      schema: {
        tags,
        response: { 200: dataOf(AppConfigSchema) },
      },
    },
    async () => ({
      data: {
        application_id: deps.config.applicationId,
        country_id: deps.config.countryId,
        entity_type_id: deps.config.entityTypeId,
        sale_condition_id: deps.config.saleConditionId,
        help_chat_url: deps.config.helpChatUrl,
        credit_wallet_mode: deps.config.creditWalletMode,
        google_client_id: deps.config.social.google.clientId ?? null,
        apple_client_id: deps.config.social.apple.clientId ?? null,
        facebook_app_id: deps.config.social.facebook.appId ?? null,
        checkout_methods: CHECKOUT_METHODS.filter((method) => deps.providers[method] !== undefined),
        analytics_id: deps.config.thirdParty.analyticsId ?? null,
        tag_manager_id: deps.config.thirdParty.tagManagerId ?? null,
        session_recording_id: deps.config.thirdParty.sessionRecordingId ?? null,
        test_mode: deps.config.testMode,
        build: buildStamp,
      },
    }),
  );
};
