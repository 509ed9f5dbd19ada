/**
 * The active version record of the platform the app runs on (spec §3 "App version record", §7 GET
 * /common/app-version): 'android' or 'ios' inside the mobile apps, 'web' in a browser, so operators keep
 * one record per store. Its version drives the update alert and its `social` flags decide which social
 * sign-in buttons the login shows. Looked up once per page load; a failed lookup is silent (spec §8) and
 * counts as "no record".
 */
import type { AppVersion } from '@cubierto/contracts';
import { api } from '../api/client.ts';
import { useAsyncValue } from '../hooks/use-async-value.ts';
import { platformName } from '../native/platform.ts';

export type LatestAppVersion = Pick<AppVersion, 'version' | 'social'>;

/** Reads `data[0].version` and `data[0].social` (the only fields the app uses), or null. */
export function readLatestAppVersion(answer: unknown): LatestAppVersion | null {
  const first = (answer as { data?: unknown[] } | null)?.data?.[0] as Record<string, unknown> | undefined;
  if (!first || typeof first.version !== 'string') return null;
  const social = (first.social ?? {}) as Record<string, unknown>;
  return {
    version: first.version,
    social: {
      google: social.google === true,
      facebook: social.facebook === true,
      apple: social.apple === true,
    },
  };
}

export async function fetchLatestAppVersion(): Promise<LatestAppVersion | null> {
  const answer = await api.get('/common/app-version', {
    query: { 'filter[platform][like]': platformName(), 'filter[active][eq]': 'true', sort_by: '-id' },
  });
  return readLatestAppVersion(answer);
}

let latest: Promise<LatestAppVersion | null> | undefined;

export function getLatestAppVersion(): Promise<LatestAppVersion | null> {
  latest ??= fetchLatestAppVersion().catch(() => null);
  return latest;
}

/** Forget the looked-up version (tests). */
export function resetLatestAppVersion(): void {
  latest = undefined;
}

export function useLatestAppVersion(): LatestAppVersion | null {
  return useAsyncValue(getLatestAppVersion) ?? null;
}
