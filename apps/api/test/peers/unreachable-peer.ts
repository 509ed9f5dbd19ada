/** Providers in trouble: a port where nothing listens, a server that never answers, keys that fail. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A URL on 127.0.0.1 where nothing listens (a port that was just freed): a provider that is down. */
export async function unusedLocalUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

/** A server that accepts connections and never answers: a provider that hangs. */
export async function startSilentPeer(): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer(() => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * An OpenID provider whose discovery document answers but whose key set does not (503): the keys,
 * not the token, are the problem.
 */
export async function startBrokenKeysPeer(): Promise<{ issuer: string; close(): Promise<void> }> {
  let issuer = '';
  const server = createServer((req, res) => {
    if (req.url === '/.well-known/openid-configuration') {
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ issuer, jwks_uri: `${issuer}/jwks`, userinfo_endpoint: `${issuer}/me` }));
    } else {
      res.writeHead(503, { 'content-type': 'text/plain' }).end('Service Unavailable');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    issuer,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
