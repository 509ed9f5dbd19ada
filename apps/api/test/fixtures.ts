/** Small real files for upload tests, built in memory. */
import { deflateSync } from 'node:zlib';

function crc32(buf: Buffer): number {
  let c = ~0;
  for (const byte of buf) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A valid RGB PNG of the given size, one colour. */
export function pngImage(width = 4, height = 4, rgb: [number, number, number] = [0, 120, 140]): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Encodes a multipart form as app.inject needs it: payload bytes and content-type. */
export async function multipart(
  fields: Record<string, string | { data: Buffer; filename: string; type: string }>,
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, new Blob([new Uint8Array(value.data)], { type: value.type }), value.filename);
  }
  const req = new Request('http://local', { method: 'POST', body: form });
  return { payload: Buffer.from(await req.arrayBuffer()), contentType: req.headers.get('content-type')! };
}

export const BROKEN_MULTIPART_BOUNDARY = 'cubierto-broken-form';

/** Multipart bodies cut short or malformed in each way the parser (busboy) reports, by what is wrong. */
export const brokenMultipartBodies: Record<string, string> = (() => {
  const b = BROKEN_MULTIPART_BOUNDARY;
  const field = `--${b}\r\nContent-Disposition: form-data; name="email"\r\n\r\nana@example.com\r\n`;
  return {
    'cut inside a part header': `${field}--${b}\r\nContent-Disposition: form-da`,
    'cut inside a value': `--${b}\r\nContent-Disposition: form-data; name="email"\r\n\r\nana@exa`,
    'cut inside a file': `--${b}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\u0089PNG`,
    'no closing boundary': field,
    'not multipart at all': 'email=ana@example.com',
  };
})();
