/**
 * The files at the site's root that let links to the public site open the Android and iOS apps
 * (docs/decisions/014): /.well-known/assetlinks.json and /.well-known/apple-app-site-association.
 */
import { z } from 'zod';

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
export type AssetLinks = z.infer<typeof AssetLinksSchema>;

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
export type AppleAppSiteAssociation = z.infer<typeof AppleAppSiteAssociationSchema>;
