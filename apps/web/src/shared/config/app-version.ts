/**
 * The active version record of the platform the app runs on (spec §3 "App version record", §7 GET
 * /common/app-version): 'android' or 'ios' inside the mobile apps, 'web' in a browser, so operators keep
 * one record per store. Its version drives the update alert and its `social` flags decide which social
 * sign-in buttons the login shows. Looked up once per page load; a failed lookup is silent (spec §8) and
 * counts as "no record".
 *
 * The login page is drawn by the server with the web's record (prerender/pages.ts): its social buttons are
 * in the HTML, and the record is handed to the app in the page's data. The entry puts it here before it
 * hydrates (`seedLatestAppVersion`), so the hydration draws the buttons the HTML has, nothing moves, and
 * the version is not asked for again.
 */
import type { AppVersion } from '@cubierto/contracts';
import { useEffect, useSyncExternalStore } from 'react';
import type { PageQuery } from '../../prerender/markup.ts';
import { api } from '../api/client.ts';
import { platformName } from '../native/platform.ts';

export type LatestAppVersion = Pick<AppVersion, 'version' | 'social'>;

/** The key of the version in a page's data (prerender/render.tsx writes it, the entry reads it). */
export const LATEST_APP_VERSION_KEY = ['app-version', 'latest'] as const;

/** A version record's `version` and `social` (the only fields the app uses), or null. */
function asLatestAppVersion(record: unknown): LatestAppVersion | null {
  const first = record as Record<string, unknown> | null | undefined;
  if (typeof first !== 'object' || first === null || typeof first.version !== 'string') return null;
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

/** Reads `data[0].version` and `data[0].social` (the only fields the app uses), or null. */
export function readLatestAppVersion(answer: unknown): LatestAppVersion | null {
  return asLatestAppVersion((answer as { data?: unknown[] } | null)?.data?.[0]);
}

export async function fetchLatestAppVersion(): Promise<LatestAppVersion | null> {
  const answer = await api.get('/common/app-version', {
    query: { 'filter[platform][like]': platformName(), 'filter[active][eq]': 'true', sort_by: '-id' },
  });
  return readLatestAppVersion(answer);
}

let latest: Promise<LatestAppVersion | null> | undefined;
/** The version once it is known (looked up or seeded); null: none, or the lookup failed. */
let known: LatestAppVersion | null | undefined;
/** The version the page was drawn with (the server's render, then the page's data in the browser). */
let drawnWith: LatestAppVersion | null | undefined;
const listeners = new Set<() => void>();

function settle(found: LatestAppVersion | null): LatestAppVersion | null {
  known = found;
  for (const listener of listeners) listener();
  return found;
}

export function getLatestAppVersion(): Promise<LatestAppVersion | null> {
  latest ??= fetchLatestAppVersion().then(settle, () => settle(null));
  return latest;
}

/**
 * The version of a page's data (`queries`: the server's render, or the page's data as the entry reads it
 * before it hydrates): the page was drawn with it, so the first render draws with it too, and it is the
 * looked-up version of this page load. Nothing changes when the page has no version in its data.
 */
export function seedLatestAppVersion(queries: readonly PageQuery[] | null): void {
  const query = queries?.find(
    (one) =>
      one.key.length === LATEST_APP_VERSION_KEY.length &&
      one.key.every((part, index) => part === LATEST_APP_VERSION_KEY[index]),
  );
  if (!query || !('data' in query)) return;
  drawnWith = asLatestAppVersion(query.data);
  latest = Promise.resolve(settle(drawnWith));
}

/** Forget the looked-up version (tests, and the server's render between pages). */
export function resetLatestAppVersion(): void {
  latest = undefined;
  known = undefined;
  drawnWith = undefined;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const knownVersion = () => known;
const drawnVersion = () => drawnWith;

/**
 * The version, null until it is known. While React hydrates a page (and on the server) it is the version
 * the page was drawn with, none unless the server drew it with one, so the hydration draws what the HTML
 * has; otherwise whatever is known by then, so a page opened later in the app draws its buttons at once.
 */
export function useLatestAppVersion(): LatestAppVersion | null {
  const version = useSyncExternalStore(subscribe, knownVersion, drawnVersion);
  useEffect(() => {
    void getLatestAppVersion();
  }, []);
  return version ?? null;
}
