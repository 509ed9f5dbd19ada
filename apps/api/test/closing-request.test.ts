/**
 * Stopping: a request the proxy had already sent on an open connection when the server stopped accepting
 * is served, not refused with 503 (Fastify's return503OnClosing, app.ts). The proxy cannot send a POST
 * again, so a 503 there was an error the customer saw (npm run test:topology caught it).
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
});

afterAll(async () => {
  await t?.close();
});

describe('a stopping server', () => {
  it('answers a request whose first bytes arrived before it stopped accepting', async () => {
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    const socket = connect(address.port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    let answer = '';
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString();
    });
    const ended = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    // The request line is in, the rest is on its way when the stop begins.
    socket.write('GET /api/v4/common/provinces HTTP/1.1\r\n');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const closing = t.app.close();
    await new Promise((resolve) => setTimeout(resolve, 50));
    socket.write('Host: 127.0.0.1\r\nConnection: close\r\n\r\n');
    await ended;
    await closing;
    expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 200 OK');
  });
});
