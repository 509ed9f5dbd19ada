/** Puts a local peer's node:http server on 127.0.0.1 at a free port. */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Its base URL, and a close that also drops the connections still open. */
export async function listenOnLoopback(server: Server): Promise<{ url: string; close(): Promise<void> }> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
