/**
 * Every image a customer or an operator uploads (avatars, photos of insured objects, claim photos,
 * insurers' logos) is stored as we re-encoded it, never as it came (DOMAIN.md "Uploaded images"):
 *
 * - its declared dimensions are read from the header first, and an image over the limits is refused
 *   before a single pixel is decoded: a 20,000 × 20,000 PNG is a few kilobytes compressed and 1.6 GB
 *   once decoded (a decompression bomb);
 * - one that cannot be decoded to the end (truncated, corrupt) is refused too;
 * - the rest is turned upright (EXIF orientation), shrunk so that its long side is at most
 *   `maxStoredSide`, and written again in its own format without any metadata: the EXIF of a phone's
 *   photo carries where it was taken (GPS), the camera and its owner's name.
 */
import sharp from 'sharp';
import { AppError } from './errors.ts';

export type ImageLimits = {
  /** Width × height an upload may declare. */
  maxPixels: number;
  /** Longest side an upload may declare, in pixels. */
  maxSide: number;
  /** Longest side of the stored image: larger ones are scaled down to it. */
  maxStoredSide: number;
};

export const DEFAULT_IMAGE_LIMITS: ImageLimits = {
  maxPixels: 40_000_000,
  maxSide: 10_000,
  maxStoredSide: 2_560,
};

export type ImageFormat = 'image/jpeg' | 'image/png' | 'image/webp';

export const isReencodedImage = (contentType: string): contentType is ImageFormat =>
  contentType === 'image/jpeg' || contentType === 'image/png' || contentType === 'image/webp';

const thousands = (n: number) => n.toLocaleString('es-AR');

function refused(field: string, message: string, cause?: unknown): AppError {
  return new AppError('validation_failed', { message, validations: { [field]: [message] }, cause });
}

/**
 * The image as it is stored: checked against `limits` by its header, then decoded, oriented, scaled down
 * and re-encoded in `format` without metadata. A 422 on `field` (like every refused upload) when it is too large or undecodable.
 */
export async function reencodeImage(
  data: Buffer,
  input: { format: ImageFormat; field: string; limits: ImageLimits },
): Promise<Buffer> {
  const { limits, field } = input;
  // libvips refuses to decode past this many pixels whatever the header said (a second guard), and any
  // decoding warning (a truncated file) is an error rather than a half-grey picture.
  const open = () => sharp(data, { limitInputPixels: limits.maxPixels, failOn: 'warning' });
  let width: number;
  let height: number;
  try {
    const header = await sharp(data, { limitInputPixels: false }).metadata();
    if (!header.width || !header.height) throw new Error('no dimensions');
    width = header.width;
    height = header.height;
  } catch (cause) {
    throw refused(field, 'No pudimos leer la imagen: está dañada o incompleta.', cause);
  }
  if (width > limits.maxSide || height > limits.maxSide || width * height > limits.maxPixels) {
    const megapixels = Math.floor(limits.maxPixels / 1_000_000);
    throw refused(
      field,
      `La imagen es demasiado grande (${thousands(width)} × ${thousands(height)} píxeles): el máximo es ` +
        `${thousands(limits.maxSide)} píxeles por lado y ${megapixels} ${megapixels === 1 ? 'megapíxel' : 'megapíxeles'}.`,
    );
  }
  try {
    const image = open().autoOrient().resize({
      width: limits.maxStoredSide,
      height: limits.maxStoredSide,
      fit: 'inside',
      withoutEnlargement: true,
    });
    const encoded =
      input.format === 'image/jpeg'
        ? image.jpeg({ quality: 85 })
        : input.format === 'image/png'
          ? image.png({ compressionLevel: 9 })
          : image.webp({ quality: 85 });
    return await encoded.toBuffer();
  } catch (cause) {
    throw refused(field, 'No pudimos leer la imagen: está dañada o incompleta.', cause);
  }
}
