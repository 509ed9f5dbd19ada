/** The operations token: OPS_TOKEN when set, else one kept in DATA_DIR/ops-token (readable by its owner only). */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { newToken } from './tokens.ts';

export function opsTokenFile(dataDir: string): string {
  return path.join(dataDir, 'ops-token');
}

export function readOpsToken(config: { opsToken: string | undefined; dataDir: string }): string | undefined {
  if (config.opsToken) return config.opsToken;
  const file = opsTokenFile(config.dataDir);
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : undefined;
}

export function ensureOpsToken(config: { opsToken: string | undefined; dataDir: string }): string {
  const existing = readOpsToken(config);
  if (existing) return existing;
  mkdirSync(config.dataDir, { recursive: true });
  const token = newToken();
  writeFileSync(opsTokenFile(config.dataDir), token, { mode: 0o600 });
  return token;
}
