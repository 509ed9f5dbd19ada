/** Random opaque tokens and their stored form (SHA-256): a leaked table gives no usable token. */
import { hash, randomBytes, timingSafeEqual } from 'node:crypto';

export function newToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Every customer request hashes its bearer token (the session cache's key): the one-shot hash, about half of createHash's time. */
export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}

export function safeEqual(a: string, b: string): boolean {
  const ba = Buffer.from(a);
  const bb = Buffer.from(b);
  return ba.length === bb.length && timingSafeEqual(ba, bb);
}
