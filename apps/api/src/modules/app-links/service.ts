/**
 * What the app-link files claim, from configuration (ANDROID_PACKAGE, ANDROID_SHA256_FINGERPRINTS,
 * IOS_TEAM_ID, IOS_BUNDLE_ID); with none configured they claim nothing.
 */
import type { AppleAppSiteAssociation, AssetLinks } from '@cubierto/contracts';
import type { Config } from '../../config.ts';

/** Paths of the public site the apps do not open: the API, the test checkout, the API reference. */
const NOT_IN_APP = ['/api/*', '/sandbox/*', '/docs', '/docs/*', '/admin*'];

export function assetLinks(android: Config['appLinks']['android']): AssetLinks {
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

export function appleAppSiteAssociation(ios: Config['appLinks']['ios']): AppleAppSiteAssociation {
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
