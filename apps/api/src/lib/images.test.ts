/**
 * Uploaded images through every route that takes one (photos of insured objects, avatars, claim photos,
 * insurers' logos): decompression bombs and broken files refused with 422 before anything is stored, and
 * what is stored re-encoded: upright, scaled down, without EXIF (GPS) or any other metadata.
 */
import { deflateSync } from 'node:zlib';
import { count } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../test/fixtures.ts';
import { createTestApp, registerCustomer, type TestApp } from '../../test/harness.ts';
import { operatorSession } from '../../test/operator.ts';
import { files } from '../db/schema/index.ts';

let t: TestApp;
let op: Record<string, string>;
type Customer = Awaited<ReturnType<typeof registerCustomer>>;

beforeAll(async () => {
  t = await createTestApp();
  op = (await operatorSession(t.app, t.database)).auth;
});
afterAll(async () => t.close());

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  let crc = ~0;
  for (const byte of body) {
    crc ^= byte;
    for (let k = 0; k < 8; k += 1) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  const sum = Buffer.alloc(4);
  sum.writeUInt32BE(~crc >>> 0);
  return Buffer.concat([length, body, sum]);
}

/**
 * A complete black-and-white PNG of side × side pixels: every row is there (deflated zeros), so it really
 * decodes to side² pixels (1.6 GB as RGBA for 20,000) while weighing about 60 KB. Built by hand because
 * encoding 400 megapixels with sharp takes a minute on a busy machine; sharp reads it back below.
 */
function pngBomb(side: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 1; // 1 bit per pixel
  header[9] = 0; // greyscale
  const rows = Buffer.alloc((1 + Math.ceil(side / 8)) * side); // filter byte 0 and black pixels
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A photo as phones take them: EXIF with the camera, the owner and where it was taken (GPS). */
function phonePhoto(width: number, height: number, orientation = 1) {
  return sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: 'Cubierto', Model: 'Telefono de prueba', Artist: 'Ana Perez' },
      IFD3: {
        GPSLatitudeRef: 'S',
        GPSLatitude: '34/1 36/1 3720/100',
        GPSLongitudeRef: 'W',
        GPSLongitude: '58/1 22/1 5640/100',
      },
    })
    .withMetadata({ orientation })
    .toBuffer();
}

/** Whether EXIF data points to a GPS directory (tag 0x8825, in either byte order). */
const hasGps = (exif: Buffer | undefined) =>
  Boolean(exif && (exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]))));

async function sendForm(
  url: string,
  headers: Record<string, string>,
  fields: Parameters<typeof multipart>[0],
) {
  const form = await multipart(fields);
  return t.app.inject({
    method: 'POST',
    url,
    headers: { ...headers, 'content-type': form.contentType },
    payload: form.payload,
  });
}

type Answer = Awaited<ReturnType<typeof sendForm>>;

type Path = {
  name: string;
  field: string;
  upload(c: Customer, data: Buffer, type: string): Promise<Answer>;
  /** Reads back, through the API, what an accepted upload stored. */
  readBack(c: Customer, answer: Answer): Promise<Buffer>;
};

const read = async (url: string, headers: Record<string, string> = {}) => {
  const res = await t.app.inject({ method: 'GET', url, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.rawPayload;
};

let companies = 0;
const PATHS: Path[] = [
  {
    name: 'photo of an insured object',
    field: 'file',
    upload: (c, data, type) =>
      sendForm('/api/v4/customers/uploads', c.auth, {
        kind: 'risk_photo',
        file: { data, filename: 'bici.jpg', type },
      }),
    readBack: (c, answer) => read(`/api/v4/customers/uploads/${answer.json().data.id}`, c.auth),
  },
  {
    name: 'avatar',
    field: 'avatar',
    upload: (c, data, type) =>
      sendForm('/api/v4/customers/user', c.auth, {
        _method: 'PUT',
        avatar: { data, filename: 'yo.jpg', type },
      }),
    readBack: (_c, answer) => read(answer.json().data.avatar),
  },
  {
    name: 'claim photo',
    field: 'file',
    upload: (c, data, type) =>
      sendForm('/api/v4/customers/claims/attachments', c.auth, {
        file: { data, filename: 'robo.jpg', type },
      }),
    readBack: (c, answer) => read(`/api/v4/customers/claims/attachments/${answer.json().data.id}`, c.auth),
  },
  {
    name: 'insurer logo',
    field: 'logo',
    upload: async (_c, data, type) => {
      companies += 1;
      const company = await t.app.inject({
        method: 'POST',
        url: '/api/v4/admin/companies',
        headers: op,
        payload: { name: `Imagen ${companies} ${Date.now()}`, legal_name: 'Imagen Seguros S.A.' },
      });
      expect(company.statusCode, company.body).toBe(201);
      return sendForm(`/api/v4/admin/companies/${company.json().data.id}/logo`, op, {
        logo: { data, filename: 'logo.jpg', type },
      });
    },
    readBack: (_c, answer) => read(answer.json().data.logo_url),
  },
];

const storedFiles = async () => (await t.database.db.select({ n: count() }).from(files))[0]!.n;

describe('uploaded images', () => {
  it('a 20,000 × 20,000 PNG is refused with 422 on its field, at once, on every path, and nothing is stored', async () => {
    const bomb = pngBomb(20_000);
    expect(bomb.length).toBeLessThan(200_000);
    expect(await sharp(bomb, { limitInputPixels: false }).metadata()).toMatchObject({
      width: 20_000,
      height: 20_000,
      format: 'png',
    });
    const c = await registerCustomer(t.app);
    const before = await storedFiles();
    for (const path of PATHS) {
      const started = performance.now();
      const res = await path.upload(c, bomb, 'image/png');
      const took = performance.now() - started;
      expect(res.statusCode, path.name).toBe(422);
      expect(res.json()).toMatchObject({
        error_code: 'validation_failed',
        validations: {
          [path.field]: [
            'La imagen es demasiado grande (20.000 × 20.000 píxeles): el máximo es 10.000 píxeles por lado y 40 megapíxeles.',
          ],
        },
      });
      // Only the header was read: decoding 400 megapixels takes seconds and gigabytes.
      expect(took, path.name).toBeLessThan(3_000);
    }
    expect(await storedFiles()).toBe(before);
  });

  it('an image over 40 megapixels with both sides under 10,000 px is refused too', async () => {
    const c = await registerCustomer(t.app);
    const res = await PATHS[0]!.upload(c, pngBomb(6_400), 'image/png');
    expect(res.statusCode).toBe(422);
    expect(res.json().validations.file[0]).toMatch(
      /^La imagen es demasiado grande \(6\.400 × 6\.400 píxeles\)/,
    );
  });

  it('a truncated JPEG or PNG is refused with 422 on every path, never a 500', async () => {
    const c = await registerCustomer(t.app);
    const jpeg = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#c83' } })
      .jpeg()
      .toBuffer();
    const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#3c8' } })
      .png()
      .toBuffer();
    const before = await storedFiles();
    for (const path of PATHS) {
      for (const [whole, type] of [
        [jpeg, 'image/jpeg'],
        [png, 'image/png'],
      ] as const) {
        const res = await path.upload(c, whole.subarray(0, Math.floor(whole.length * 0.6)), type);
        expect(res.statusCode, `${path.name} ${type}`).toBe(422);
        expect(res.json().validations[path.field]).toEqual([
          'No pudimos leer la imagen: está dañada o incompleta.',
        ]);
      }
    }
    expect(await storedFiles()).toBe(before);
  });

  it('a phone photo is stored without its EXIF (GPS, camera, owner), upright, on every path', async () => {
    const c = await registerCustomer(t.app);
    // Orientation 6: the camera was turned; the pixels are 640 × 480 and the photo is seen 480 × 640.
    const photo = await phonePhoto(640, 480, 6);
    const sent = await sharp(photo).metadata();
    expect(sent.exif?.includes(Buffer.from('Ana Perez'))).toBe(true);
    expect(hasGps(sent.exif)).toBe(true);
    expect(sent.orientation).toBe(6);
    for (const path of PATHS) {
      const res = await path.upload(c, photo, 'image/jpeg');
      expect(res.statusCode, `${path.name}: ${JSON.stringify(res.json())}`).toBeLessThan(300);
      const stored = await path.readBack(c, res);
      const meta = await sharp(stored).metadata();
      expect(meta, path.name).toMatchObject({ format: 'jpeg', width: 480, height: 640 });
      expect(meta.exif, path.name).toBeUndefined();
      expect(meta.orientation, path.name).toBeUndefined();
      expect(meta.xmp, path.name).toBeUndefined();
      expect(meta.iptc, path.name).toBeUndefined();
      expect(stored.includes(Buffer.from('Ana Perez')), path.name).toBe(false);
    }
  });

  it('keeps the format and shrinks the long side to 2,560 px', async () => {
    const c = await registerCustomer(t.app);
    const wide = await sharp({ create: { width: 4000, height: 1000, channels: 4, background: '#0a08' } })
      .png()
      .toBuffer();
    const res = await PATHS[0]!.upload(c, wide, 'image/png');
    expect(res.statusCode).toBe(201);
    expect(res.json().data.content_type).toBe('image/png');
    const stored = await PATHS[0]!.readBack(c, res);
    expect(await sharp(stored).metadata()).toMatchObject({
      format: 'png',
      width: 2560,
      height: 640,
      hasAlpha: true,
    });
    expect(res.json().data.size_bytes).toBe(stored.length);

    const webp = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#fff' } })
      .webp()
      .toBuffer();
    const small = await PATHS[0]!.upload(c, webp, 'image/webp');
    expect(await sharp(await PATHS[0]!.readBack(c, small)).metadata()).toMatchObject({
      format: 'webp',
      width: 300,
      height: 200,
    });
  });
});

describe('image limits from the configuration', () => {
  let small: TestApp;
  beforeAll(async () => {
    small = await createTestApp({
      env: { IMAGE_MAX_PIXELS: '1000000', IMAGE_MAX_SIDE: '1000', IMAGE_MAX_STORED_SIDE: '200' },
    });
  });
  afterAll(async () => small.close());

  it('IMAGE_MAX_SIDE, IMAGE_MAX_PIXELS and IMAGE_MAX_STORED_SIDE reach every upload', async () => {
    const c = await registerCustomer(small.app);
    const upload = async (width: number, height: number) => {
      const data = await sharp({ create: { width, height, channels: 3, background: '#888' } })
        .jpeg()
        .toBuffer();
      const form = await multipart({
        kind: 'risk_photo',
        file: { data, filename: 'foto.jpg', type: 'image/jpeg' },
      });
      return small.app.inject({
        method: 'POST',
        url: '/api/v4/customers/uploads',
        headers: { ...c.auth, 'content-type': form.contentType },
        payload: form.payload,
      });
    };
    const tooLong = await upload(1200, 100);
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().validations.file).toEqual([
      'La imagen es demasiado grande (1.200 × 100 píxeles): el máximo es 1.000 píxeles por lado y 1 megapíxel.',
    ]);
    const accepted = await upload(800, 600);
    expect(accepted.statusCode).toBe(201);
    const stored = await small.app.inject({
      method: 'GET',
      url: `/api/v4/customers/uploads/${accepted.json().data.id}`,
      headers: c.auth,
    });
    expect(await sharp(stored.rawPayload).metadata()).toMatchObject({ width: 200, height: 150 });
  });
});
