/**
 * Public configuration the API gives the web app (GET /common/app-config): application id, help chat URL,
 * credit wallet mode and the social sign-in client ids. Never a secret. Fetched once, when first needed;
 * the application id is kept in storage (spec §3).
 */
import { CHECKOUT_METHODS } from '@cubierto/contracts';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../api/client.ts';
import { StorageKey, storage } from '../storage/storage.ts';

// Not in @cubierto/contracts yet; kept here until the API publishes it there.
export const AppConfigSchema = z.object({
  application_id: z.number(),
  help_chat_url: z.string(),
  credit_wallet_mode: z.boolean(),
  google_client_id: z.string().nullable(),
  apple_client_id: z.string().nullable(),
  facebook_app_id: z.string().nullable(),
  /** Checkout providers the server has credentials for (Mercado Pago, Ualá, the test checkout). */
  checkout_methods: z.array(z.enum(CHECKOUT_METHODS)).default([]),
  /** Public ids of the production-only scripts (shared/observability). */
  analytics_id: z.string().nullable().default(null),
  tag_manager_id: z.string().nullable().default(null),
  session_recording_id: z.string().nullable().default(null),
  /** Test mode: the login signs in at once with the mock Apple sign-in (never in production). */
  test_mode: z.boolean().default(false),
  version: z.string().optional(),
});
export type AppConfig = z.infer<typeof AppConfigSchema>;

export async function fetchAppConfig(): Promise<AppConfig> {
  const config = z.object({ data: AppConfigSchema }).parse(await api.get('/common/app-config')).data;
  await storage.set(StorageKey.applicationId, config.application_id);
  return config;
}

let loaded: Promise<AppConfig> | undefined;

export function getAppConfig(): Promise<AppConfig> {
  loaded ??= fetchAppConfig().catch((error: unknown) => {
    loaded = undefined;
    throw error;
  });
  return loaded;
}

/** Forgets the loaded configuration, so the next getAppConfig fetches it again (tests start clean). */
export function resetAppConfig(): void {
  loaded = undefined;
}

/** The same configuration for components: the one fetch getAppConfig shares, kept for the session. */
export const appConfigQueryOptions = queryOptions({
  queryKey: ['app-config'],
  queryFn: getAppConfig,
  staleTime: Number.POSITIVE_INFINITY,
});
