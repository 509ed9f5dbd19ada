/**
 * The files that let links to the public site open the Android and iOS apps (docs/decisions/014): payment
 * returns and notification links are universal links (`{PUBLIC_URL}/tabs?…`), which Android hands to the
 * app when /.well-known/assetlinks.json names its package and signing certificates, and iOS when
 * /.well-known/apple-app-site-association names its team and bundle id. Both come from configuration
 * (ANDROID_PACKAGE, ANDROID_SHA256_FINGERPRINTS, IOS_TEAM_ID, IOS_BUNDLE_ID); with none configured they
 * claim nothing. Served at the site's root, as the operating systems ask for them there.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';

/** Paths of the public site the apps do not open: the API, the test checkout, the API reference. */
const NOT_IN_APP = ['/api/*', '/sandbox/*', '/docs', '/docs/*', '/admin*'];

export const AssetLinksSchema = z.array(
  z.object({
    relation: z.array(z.string()),
    target: z.object({
      namespace: z.literal('android_app'),
      package_name: z.string(),
      sha256_cert_fingerprints: z.array(z.string()),
    }),
  }),
);

export const AppleAppSiteAssociationSchema = z.object({
  applinks: z.object({
    details: z.array(
      z.object({
        appIDs: z.array(z.string()),
        components: z.array(z.object({ '/': z.string(), exclude: z.boolean().optional() })),
      }),
    ),
  }),
});

export function assetLinks(android: Config['appLinks']['android']): z.infer<typeof AssetLinksSchema> {
  if (android.fingerprints.length === 0) return [];
  return [
    {
      relation: ['delegate_permission/common.handle_all_urls'],
      target: {
        namespace: 'android_app',
        package_name: android.packageName,
        sha256_cert_fingerprints: android.fingerprints,
      },
    },
  ];
}

export function appleAppSiteAssociation(
  ios: Config['appLinks']['ios'],
): z.infer<typeof AppleAppSiteAssociationSchema> {
  if (!ios.teamId) return { applinks: { details: [] } };
  return {
    applinks: {
      details: [
        {
          appIDs: [`${ios.teamId}.${ios.bundleId}`],
          components: [...NOT_IN_APP.map((path) => ({ '/': path, exclude: true })), { '/': '*' }],
        },
      ],
    },
  };
}

export const appLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  const { appLinks } = app.deps.config;
  // Computed once: configuration does not change while the server runs.
  const android = assetLinks(appLinks.android);
  const ios = appleAppSiteAssociation(appLinks.ios);
  const cache = 'public, max-age=3600';

  app.get(
    '/.well-known/assetlinks.json',
    { schema: { tags: ['app-links'], response: { 200: AssetLinksSchema } } },
    async (_request, reply) => reply.type('application/json').header('cache-control', cache).send(android),
  );
  // iOS reads it without an extension and wants application/json.
  app.get(
    '/.well-known/apple-app-site-association',
    { schema: { tags: ['app-links'], response: { 200: AppleAppSiteAssociationSchema } } },
    async (_request, reply) => reply.type('application/json').header('cache-control', cache).send(ios),
  );
};
