import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('configuration', () => {
  it('runs the embedded default with no variables at all', () => {
    const config = loadConfig({}, '/srv/cubierto/apps/api');
    expect(config).toMatchObject({
      port: 3000,
      dataDir: '/srv/cubierto/apps/api/data',
      databaseUrl: undefined,
      seedDemo: true,
    });
    expect(config.publicUrl).toBe('http://localhost:3000');
  });

  it('stops with a message naming each bad variable', () => {
    expect(() => loadConfig({ PORT: 'ochenta', DATABASE_URL: 'mysql://x', SEED_DEMO: 'quizás' })).toThrow(
      ConfigError,
    );
    try {
      loadConfig({ PORT: 'ochenta', DATABASE_URL: 'mysql://x' });
    } catch (error) {
      expect((error as Error).message).toMatch(/PORT/);
      expect((error as Error).message).toMatch(/DATABASE_URL: must start with postgres:\/\//);
    }
  });

  it('uses PostgreSQL when DATABASE_URL is set', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@db:5432/cubierto' }).databaseUrl).toBe(
      'postgres://u@db:5432/cubierto',
    );
  });
});
