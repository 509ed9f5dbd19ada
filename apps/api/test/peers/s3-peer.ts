/**
 * A local S3-compatible server (s3rver: the S3 REST API with signature checks, objects in a temporary
 * folder) on a random port, for the S3 storage driver. Its one account is S3RVER / S3RVER.
 *
 * It runs in a child process with OpenSSL's legacy provider: s3rver encrypts the continuation tokens of
 * long listings with DES, which Node's OpenSSL 3 refuses otherwise.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export type S3Peer = {
  endpoint: string;
  bucket: string;
  /** The variables that point the API at this peer (STORAGE_URL with the given prefix, endpoint, keys). */
  env(prefix?: string): Record<string, string>;
  close(): Promise<void>;
};

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const SERVER = `
const S3rver = require('s3rver');
const [directory, bucket] = process.argv.slice(-2);
const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
server.run().then(({ port }) => process.stdout.write('listening ' + port + '\\n'));
process.on('SIGTERM', () => process.exit(0));
// The test process is gone (ended or killed): so is its server.
process.stdin.on('end', () => process.exit(0)).resume();
`;

export async function startS3Peer(bucket = 'cubierto-test'): Promise<S3Peer> {
  const directory = mkdtempSync(path.join(tmpdir(), 'cubierto-s3-'));
  const child: ChildProcess = spawn(
    process.execPath,
    ['--openssl-legacy-provider', '-e', SERVER, directory, bucket],
    { cwd: apiDir, stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const found = /listening (\d+)/.exec(out);
      if (found) resolve(Number(found[1]));
    });
    child.once('exit', (code) => reject(new Error(`s3rver exited with ${code}`)));
  });
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: (prefix = 'files') => ({
      STORAGE_URL: `s3://${bucket}/${prefix}`,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    }),
    async close() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
