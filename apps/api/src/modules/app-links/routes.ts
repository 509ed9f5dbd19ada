/**
 * The files that let links to the public site open the Android and iOS apps (docs/decisions/014): payment
 * returns and notification links are universal links (`{PUBLIC_URL}/tabs?…`), which Android hands to the
 * app when /.well-known/assetlinks.json names its package and signing certificates, and iOS when
 * /.well-known/apple-app-site-association names its team and bundle id (service.ts). Served at the site's
 * root, as the operating systems ask for them there; their errors answer the API's one error body.
 */
import { AppleAppSiteAssociationSchema, AssetLinksSchema } from '@cubierto/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { declareErrorAnswers } from '../../lib/errors.ts';
import { appleAppSiteAssociation, assetLinks } from './service.ts';

export const appLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  declareErrorAnswers(app);
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
