/**
 * Public configuration the API gives the web app (GET /common/app-config): application id, help chat URL,
 * credit wallet mode and the social sign-in client ids. Never a secret. Fetched once, when first needed;
 * the application id is kept in storage (spec §3).
 */
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
