/**
 * Run-time settings the operator switches: maintenance mode (spec §4). App versions, the force-update
 * lever, are `AppVersionSchema` (common.ts), read by the apps too.
 */
import { z } from 'zod';
import { CHECKOUT_METHODS } from './payment-methods.ts';

/** While enabled, customer routes answer 503 and the app shows 'Mantenimiento programado'. */
export const MaintenanceSchema = z.object({ enabled: z.boolean(), message: z.string().nullable() });
export type Maintenance = z.infer<typeof MaintenanceSchema>;

/** The build stamp (spec §1): version, environment, branch, commit and build date of the web build. */
export const BuildStampSchema = z.object({
  version: z.string(),
  environment: z.string(),
  branch: z.string().nullable(),
  commit: z.string().nullable(),
  /** YYYY-MM-DD (UTC) of the web build; null without one. */
  built_at: z.string().nullable(),
});
export type BuildStamp = z.infer<typeof BuildStampSchema>;

/** GET /common/app-config: the public, whitelisted configuration of the web app. Never a secret. */
export const AppConfigSchema = z.object({
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
  build: BuildStampSchema,
});
export type AppConfig = z.infer<typeof AppConfigSchema>;
