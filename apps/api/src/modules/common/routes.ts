/** /common: public reference data — app versions, contexts, provinces and localities, public app config. */
import {
  AppVersionSchema,
  CHECKOUT_METHODS,
  ContextSchema,
  LocalitySchema,
  PageMetaSchema,
  ProvinceSchema,
} from '@cubierto/contracts';
import { asc, count, desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { appVersions, contexts, localities, provinces } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { type ListSpec, listQuerySchema, pageMeta, parseListQuery } from '../../lib/list-query.ts';
import { verifyCertificate } from '../insurances/service.ts';
import { BuildStampSchema, readBuildStamp } from './build-stamp.ts';
import { clientErrorRoutes } from './client-errors.ts';

const tags = ['common'];

const appVersionListSpec = {
  filters: {
    platform: { column: appVersions.platform, type: 'text' },
    active: { column: appVersions.active, type: 'boolean', ops: ['eq'] },
    version: { column: appVersions.version, type: 'text', ops: ['eq', 'like'] },
    id: { column: appVersions.id, type: 'integer' },
  },
  sorts: { id: appVersions.id, created_at: appVersions.createdAt, version: appVersions.version },
  defaultSort: [desc(appVersions.id)],
} satisfies ListSpec;

const contextListSpec = {
  filters: {
    name: { column: contexts.name, type: 'text' },
    id: { column: contexts.id, type: 'integer' },
  },
  sorts: { id: contexts.id, name: contexts.name },
  defaultSort: [asc(contexts.id)],
} satisfies ListSpec;

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
    async (request) => {
      const q = parseListQuery(request.query, appVersionListSpec);
      const [rows, [total]] = await Promise.all([
        deps.db
          .select()
          .from(appVersions)
          .where(q.where)
          .orderBy(...q.orderBy)
          .limit(q.perPage)
          .offset(q.offset),
        deps.db.select({ n: count() }).from(appVersions).where(q.where),
      ]);
      return {
        data: rows.map((r) => ({
          id: r.id,
          version: r.version,
          platform: r.platform,
          active: r.active,
          social: r.social,
          created_at: r.createdAt.toISOString(),
        })),
        meta: pageMeta(q, total?.n ?? 0),
      };
    },
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
    async (request) => {
      const q = parseListQuery(request.query, contextListSpec);
      return {
        data: await deps.db
          .select()
          .from(contexts)
          .where(q.where)
          .orderBy(...q.orderBy)
          .limit(q.perPage)
          .offset(q.offset),
      };
    },
  );

  app.get(
    '/provinces',
    { schema: { tags, response: { 200: z.object({ data: z.array(ProvinceSchema) }) } } },
    async () => ({
      data: await deps.db.select().from(provinces).orderBy(asc(provinces.name)),
    }),
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
    async (request) => {
      const [province] = await deps.db
        .select({ id: provinces.id })
        .from(provinces)
        .where(eq(provinces.id, request.params.id));
      if (!province) throw new AppError('not_found', { message: 'La provincia no existe.' });
      const rows = await deps.db
        .select({ id: localities.id, name: localities.name, zip_code: localities.zipCode })
        .from(localities)
        .where(eq(localities.provinceId, request.params.id))
        .orderBy(asc(localities.name));
      return { data: rows };
    },
  );

  /** The public certificate check behind the QR code: in force today or not, initials only. */
  app.get(
    '/verify/:code',
    {
      schema: {
        tags,
        params: z.object({ code: z.string().regex(/^[\w-]{8,64}$/) }),
        response: { 200: z.object({ data: z.unknown() }) },
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
