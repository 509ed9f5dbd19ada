/** /common: public reference data — app versions, contexts, provinces and localities, public app config. */
import {
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
import { verifyCertificate } from '../insurances/service.ts';
import { BuildStampSchema, readBuildStamp } from './build-stamp.ts';
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
    { schema: { tags, response: { 200: z.object({ data: z.array(ProvinceSchema) }) } } },
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
        response: {
          200: z.object({
            data: z.object({
              application_id: z.number(),
              /** Spec §9's other fixed ids: the web sends entity_type_id in the poll's path. */
              country_id: z.number(),
              entity_type_id: z.number(),
              sale_condition_id: z.number(),
              help_chat_url: z.string(),
              credit_wallet_mode: z.boolean(),
              google_client_id: z.string().nullable(),
              apple_client_id: z.string().nullable(),
              facebook_app_id: z.string().nullable(),
              /** The checkout providers configured on this server, in the order to offer them. */
              checkout_methods: z.array(z.enum(CHECKOUT_METHODS)),
              /** Public ids of the scripts a production web build loads (analytics, tags, session recording). */
              analytics_id: z.string().nullable(),
              tag_manager_id: z.string().nullable(),
              session_recording_id: z.string().nullable(),
              /** Test mode: the app signs in at once with the mock Apple sign-in (never in production). */
              test_mode: z.boolean(),
              /** The build stamp (spec §1): version, environment, branch, commit and build date. */
              build: BuildStampSchema,
            }),
          }),
        },
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
