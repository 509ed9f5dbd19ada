/**
 * The app's version record, looked up once per page load, and the one the login page was drawn with: the
 * server's render draws the social sign-in buttons from it, the entry seeds it from the page's data before
 * the hydration, which then draws the same buttons (no mismatch, nothing moves) and asks for nothing.
 */
import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/api-mock.ts';
import type { PageQuery } from '../../prerender/markup.ts';
import {
  getLatestAppVersion,
  LATEST_APP_VERSION_KEY,
  readLatestAppVersion,
  resetLatestAppVersion,
  seedLatestAppVersion,
  useLatestAppVersion,
} from './app-version.ts';

const record = (social: Record<string, boolean>) => ({
  data: [
    { id: 3, version: '2.1.11', platform: 'web', active: true, social, created_at: '2025-10-23T00:00:00Z' },
  ],
  meta: { current_page: 1, per_page: 20, total: 1, last_page: 1 },
});

/** The page's data as the server's render writes it: the version under its key. */
const drawnWith = (social: Record<string, boolean>): PageQuery[] => [
  { key: ['insured-service'], data: null },
  { key: [...LATEST_APP_VERSION_KEY], data: readLatestAppVersion(record(social)) },
];

/** What the social buttons draw from the version: one item per enabled provider. */
function Providers() {
  const version = useLatestAppVersion();
  const enabled = (['google', 'facebook', 'apple'] as const).filter((id) => version?.social[id]);
  return (
    <ul>
      {enabled.map((id) => (
        <li key={id}>{id}</li>
      ))}
    </ul>
  );
}

/** The server's HTML of `Providers` as it draws it with `queries` (none: as the build does). */
function serverHtml(queries: PageQuery[] | null): string {
  resetLatestAppVersion();
  seedLatestAppVersion(queries);
  try {
    return renderToString(<Providers />);
  } finally {
    resetLatestAppVersion();
  }
}

/** Hydrates `html`, collecting what React reports as recoverable (a mismatch is one). */
async function hydrate(html: string) {
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  const first = container.querySelector('ul');
  const errors: unknown[] = [];
  const items = () => [...container.querySelectorAll('li')].map((item) => item.textContent);
  const seen: string[][] = [];
  let root: ReturnType<typeof hydrateRoot> | undefined;
  await act(async () => {
    root = hydrateRoot(container, <Providers />, { onRecoverableError: (error) => errors.push(error) });
  });
  seen.push(items());
  return {
    errors,
    items,
    seen,
    kept: container.querySelector('ul') === first,
    unmount: () => root?.unmount(),
  };
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the app version record', () => {
  it('reads the record’s version and social flags, and null without a record', () => {
    expect(readLatestAppVersion(record({ google: true, apple: 'yes' } as never))).toEqual({
      version: '2.1.11',
      social: { google: true, facebook: false, apple: false },
    });
    expect(readLatestAppVersion({ data: [] })).toBeNull();
    expect(readLatestAppVersion(null)).toBeNull();
  });

  it('is looked up once per page load', async () => {
    const api = mockApi({ 'GET /common/app-version': { body: record({ google: true }) } });
    expect((await getLatestAppVersion())?.social.google).toBe(true);
    await getLatestAppVersion();
    expect(api.callsTo('GET', '/common/app-version')).toHaveLength(1);
    expect(api.requests[0]?.url).toContain('filter%5Bplatform%5D%5Blike%5D=web');
  });

  it('is the page’s when the server drew the page with it: not asked for again', async () => {
    const api = mockApi({ 'GET /common/app-version': { body: record({ google: true }) } });
    seedLatestAppVersion(drawnWith({ facebook: true }));
    expect(await getLatestAppVersion()).toEqual({
      version: '2.1.11',
      social: { google: false, facebook: true, apple: false },
    });
    expect(api.requests).toEqual([]);
  });

  it('is left alone by a page whose data has no version', async () => {
    const api = mockApi({ 'GET /common/app-version': { body: record({ apple: true }) } });
    seedLatestAppVersion([{ key: ['insured-service'], data: null }]);
    seedLatestAppVersion(null);
    expect((await getLatestAppVersion())?.social.apple).toBe(true);
    expect(api.callsTo('GET', '/common/app-version')).toHaveLength(1);
  });
});

describe('a page drawn with the version', () => {
  it('is hydrated with the buttons its HTML has, without a mismatch or a request', async () => {
    const api = mockApi({ 'GET /common/app-version': { body: record({ google: true }) } });
    const html = serverHtml(drawnWith({ google: true, apple: true }));
    expect(html).toContain('<li>google</li><li>apple</li>');
    // The entry, before it hydrates: the page's data.
    seedLatestAppVersion(drawnWith({ google: true, apple: true }));
    const page = await hydrate(html);
    expect(page.errors).toEqual([]);
    expect(page.kept).toBe(true);
    expect(page.seen).toEqual([['google', 'apple']]);
    expect(api.requests).toEqual([]);
    page.unmount();
  });

  it('drawn without it (the page as built), hydrates without buttons and draws them once known', async () => {
    mockApi({ 'GET /common/app-version': { body: record({ google: true }) } });
    const html = serverHtml(null);
    expect(html).toBe('<ul></ul>');
    // Already looked up by the version check as the app started: still not drawn by the hydration.
    await getLatestAppVersion();
    const page = await hydrate(html);
    expect(page.errors).toEqual([]);
    expect(page.items()).toEqual(['google']);
    page.unmount();
  });

  it('a page opened later in the app draws the known version’s buttons on its first render', async () => {
    mockApi({ 'GET /common/app-version': { body: record({ facebook: true }) } });
    await getLatestAppVersion();
    const { createRoot } = await import('react-dom/client');
    const container = document.createElement('div');
    const root = createRoot(container);
    const firstRender: string[] = [];
    function FirstRender() {
      const version = useLatestAppVersion();
      if (firstRender.length === 0) firstRender.push(version ? 'known' : 'unknown');
      return null;
    }
    await act(async () => root.render(<FirstRender />));
    expect(firstRender).toEqual(['known']);
    root.unmount();
  });
});
