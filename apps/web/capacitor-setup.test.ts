/**
 * The Capacitor configuration, the plugins the code uses and what `cap sync` installs agree
 * (docs/decisions/014): `cap sync` puts into the native projects the plugins among the web package's
 * dependencies, so a plugin the code imports but the package lists elsewhere would be missing from the
 * apps; CI runs `cap sync` itself (npm run cap:sync -w apps/web).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import capacitorConfig from './capacitor.config.ts';

const webDir = path.dirname(fileURLToPath(import.meta.url));
const pkg = JSON.parse(readFileSync(path.join(webDir, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
const PLUGIN = /(?:from |import\()\s*'(@capacitor\/[\w-]+|@capawesome\/[\w-]+|@capgo\/[\w-]+)'/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

function pluginsImported(): string[] {
  const found = new Set<string>();
  for (const file of sourceFiles(path.join(webDir, 'src'))) {
    for (const match of readFileSync(file, 'utf8').matchAll(PLUGIN)) found.add(match[1] as string);
  }
  return [...found].filter((name) => name !== '@capacitor/core').sort();
}

function manifestOf(name: string) {
  return JSON.parse(readFileSync(path.join(webDir, '../../node_modules', name, 'package.json'), 'utf8')) as {
    version: string;
    capacitor?: { android?: unknown; ios?: unknown };
    peerDependencies?: Record<string, string>;
  };
}

describe('the Capacitor shells', () => {
  it('every plugin the code uses is a dependency cap sync installs, with code for Android and iOS', () => {
    const plugins = pluginsImported();
    expect(plugins).toEqual(
      expect.arrayContaining([
        '@capacitor/filesystem',
        '@capacitor/share',
        '@capgo/capacitor-social-login',
        '@capacitor/app',
      ]),
    );
    for (const name of plugins) {
      expect(pkg.dependencies[name], `${name} in dependencies`).toBeDefined();
      const manifest = manifestOf(name);
      expect(manifest.capacitor?.android, `${name} for Android`).toBeDefined();
      expect(manifest.capacitor?.ios, `${name} for iOS`).toBeDefined();
    }
  });

  it('the plugins, the core and the native platforms are one Capacitor major', () => {
    const major = (version: string) => Number(/\d+/.exec(version)?.[0]);
    const core = major(manifestOf('@capacitor/core').version);
    for (const name of ['@capacitor/cli', '@capacitor/android', '@capacitor/ios']) {
      expect(major(manifestOf(name).version), name).toBe(core);
    }
    for (const name of pluginsImported()) {
      const wanted = manifestOf(name).peerDependencies?.['@capacitor/core'] ?? '';
      expect(major(wanted.replace(/^[^\d]*/, '')), `${name} wants @capacitor/core ${wanted}`).toBe(core);
    }
  });

  it('ships the web build under the id the API vouches for in its .well-known files', () => {
    expect(capacitorConfig.webDir).toBe('dist');
    expect(capacitorConfig.appId).toBe('ar.com.cubierto.app');
    // The Android shell's page origin is https://localhost, the one CORS_ORIGINS lists in production.
    expect(capacitorConfig.server?.androidScheme).toBe('https');
  });
});
