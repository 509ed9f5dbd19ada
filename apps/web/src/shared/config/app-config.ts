/**
 * Public configuration the API gives the web app (GET /common/app-config): application id, help chat URL,
 * credit wallet mode and the social sign-in client ids. Never a secret. Fetched once, when first needed;
 * the application id is kept in storage (spec §3).
 */
import {
  type AppConfig as AppConfigAnswer,
  CHECKOUT_METHODS,
  type CheckoutMethod,
} from '@cubierto/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../api/client.ts';
import { StorageKey, storage } from '../storage/storage.ts';

/** The answer (the contracts' AppConfigSchema) less the build stamp the app does not use; `version` is an older server's. */
export type AppConfig = Omit<AppConfigAnswer, 'build'> & { version?: string };

/**
 * Checks the answer by hand rather than with zod: the login page reads this configuration (social sign-in,
 * test mode) and zod would add about 25 KiB gzip to the first page. A field of the wrong type throws.
 */
export function parseAppConfig(body: unknown): AppConfig {
  const data = isRecord(body) ? body.data : undefined;
  if (!isRecord(data)) throw new TypeError('app-config: no data object');
  const field = <T>(name: string, check: (value: unknown) => value is T, fallback?: T): T => {
    const value = data[name];
    if (value === undefined && fallback !== undefined) return fallback;
    if (!check(value)) throw new TypeError(`app-config: ${name} is not valid`);
    return value;
  };
  const methods = field('checkout_methods', isArray, []);
  if (!methods.every(isCheckoutMethod)) throw new TypeError('app-config: checkout_methods is not valid');
  const version = data.version;
  if (version !== undefined && typeof version !== 'string')
    throw new TypeError('app-config: version is not valid');
  return {
    application_id: field('application_id', isNumber),
    country_id: field('country_id', isNumber),
    entity_type_id: field('entity_type_id', isNumber),
    sale_condition_id: field('sale_condition_id', isNumber),
    help_chat_url: field('help_chat_url', isString),
    credit_wallet_mode: field('credit_wallet_mode', isBoolean),
    google_client_id: field('google_client_id', isStringOrNull),
    apple_client_id: field('apple_client_id', isStringOrNull),
    facebook_app_id: field('facebook_app_id', isStringOrNull),
    checkout_methods: methods,
    analytics_id: field('analytics_id', isStringOrNull, null),
    tag_manager_id: field('tag_manager_id', isStringOrNull, null),
    session_recording_id: field('session_recording_id', isStringOrNull, null),
    test_mode: field('test_mode', isBoolean, false),
    ...(version === undefined ? {} : { version }),
  };
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const isArray = (v: unknown): v is unknown[] => Array.isArray(v);
const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isString = (v: unknown): v is string => typeof v === 'string';
const isBoolean = (v: unknown): v is boolean => typeof v === 'boolean';
const isStringOrNull = (v: unknown): v is string | null => v === null || typeof v === 'string';
const isCheckoutMethod = (v: unknown): v is CheckoutMethod => CHECKOUT_METHODS.some((m) => m === v);

export async function fetchAppConfig(): Promise<AppConfig> {
  // Public: sent without the session, as the prerendered pages' preload of it is (src/prerender/pages.ts).
  const config = parseAppConfig(await api.get('/common/app-config', { auth: false }));
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

/**
 * The configuration's query key, which the query-key factory gives as `queryKeys.settings.appConfig()`:
 * kept here so the configuration (which the login page reads) does not bring the whole factory along.
 */
export const appConfigQueryKey = () => ['settings', 'app-config'] as const;

/** The same configuration for components: the one fetch getAppConfig shares, kept for the session. */
export const appConfigQueryOptions = queryOptions({
  queryKey: appConfigQueryKey(),
  queryFn: getAppConfig,
  staleTime: Number.POSITIVE_INFINITY,
});
