/**
 * Slow and stalled clients are cut off (issue "Safe in production"), on a real listening socket: a body
 * that stops half-way, headers that never end, and a connection that sends nothing are each closed
 * soon after their deadline; a slow body that keeps coming within it is answered as usual.
 */
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerCustomer, type TestApp } from '../../test/harness.ts';

const BODY_MS = 400;
const CONNECTION_MS = 1_000;
const REQUEST_MS = 1_500;

let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await createTestApp({
    env: {
      BODY_TIMEOUT_MS: String(BODY_MS),
      CONNECTION_TIMEOUT_MS: String(CONNECTION_MS),
      REQUEST_TIMEOUT_MS: String(REQUEST_MS),
    },
  });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const address = t.app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});

afterAll(async () => {
  await t.close();
});

type Outcome = { answer: string; closedAfterMs: number };

/** Opens a connection, lets `talk` write on it, and waits (at most `waitMs`) for the server to close it. */
function converse(talk: (socket: Socket) => void, waitMs = 6_000): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const started = Date.now();
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString();
    });
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`still open after ${waitMs} ms; answer so far: ${JSON.stringify(answer)}`));
    }, waitMs);
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ answer, closedAfterMs: Date.now() - started });
    });
    socket.on('connect', () => talk(socket));
  });
}

const loginHead = (length: number) =>
  `POST /api/v4/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\nConnection: close\r\n\r\n`;

describe('deadlines', () => {
  it('answers 408 and closes a request whose body stops half-way', async () => {
    const outcome = await converse((socket) => socket.write(`${loginHead(200)}{"email":"ana@`));
    expect(outcome.answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(outcome.answer).toContain('"error_code":"request_timeout"');
    expect(outcome.closedAfterMs).toBeGreaterThanOrEqual(BODY_MS - 50);
    expect(outcome.closedAfterMs).toBeLessThan(CONNECTION_MS);
  });

  it('answers 408 and closes a photo upload (multipart) that stops half-way', async () => {
    const { token } = await registerCustomer(t.app);
    const boundary = 'cubierto-stall';
    const part = `--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\nrisk_photo\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="foto.png"\r\nContent-Type: image/png\r\n\r\n`;
    const outcome = await converse((socket) =>
      socket.write(
        `POST /api/v4/customers/uploads HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: 100000\r\nConnection: close\r\n\r\n${part}\x89PNG`,
      ),
    );
    expect(outcome.answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(outcome.closedAfterMs).toBeLessThan(CONNECTION_MS);
  });

  it('answers 408 and closes a request whose headers keep trickling in past the request deadline', async () => {
    let timer: NodeJS.Timeout | undefined;
    const outcome = await converse((socket) => {
      socket.write('GET /api/v4/common/contexts HTTP/1.1\r\nHost: 127.0.0.1\r\n');
      // A header every 200 ms: never idle, never finished.
      let n = 0;
      timer = setInterval(() => {
        if (!socket.destroyed) socket.write(`X-Slow-${n++}: a\r\n`);
      }, 200);
    });
    clearInterval(timer);
    expect(outcome.answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(outcome.closedAfterMs).toBeGreaterThanOrEqual(REQUEST_MS - 50);
  });

  it('closes a connection that sends nothing', async () => {
    const outcome = await converse(() => {});
    expect(outcome.answer).toBe('');
    expect(outcome.closedAfterMs).toBeGreaterThanOrEqual(CONNECTION_MS - 50);
  });

  it('answers a slow body that arrives within its deadline as usual', async () => {
    const body = JSON.stringify({ email: 'nadie@example.com', password: 'Incorrecta-2025' });
    const outcome = await converse((socket) => {
      socket.write(`${loginHead(Buffer.byteLength(body))}${body.slice(0, 10)}`);
      setTimeout(() => socket.write(body.slice(10, 20)), 100);
      setTimeout(() => socket.write(body.slice(20)), 200);
    });
    expect(outcome.answer).toMatch(/^HTTP\/1\.1 401 /);
  });
});
