/**
 * The customer's in-force certificates kept on this device, so one stopped on the road with no signal
 * can still show the motorcycle's (issue 7, docs/decisions/015). They live in Cache Storage, beside the
 * list of what is kept and whose it is; they are personal data, so sign-out and an ended session remove
 * them all (spec §4 "clear all stored data"). Shared because the session flows clear them and the
 * insurances feature fills and shows them.
 */

export const CERTIFICATES_CACHE = 'cubierto-certificates';
/** The cache key of the list; never requested from the network (the service worker leaves it alone). */
const INDEX_KEY = '/offline/certificates.json';

export type SavedCertificate = {
  insurance_id: number;
  number: string;
  policy_name: string;
  risk_type_name: string;
  starts_on: string | null;
  ends_on: string | null;
  /** What decides whether the stored PDF is still the right one. */
  revision: string;
  filename: string;
};

export type SavedCertificates = { user_id: number; saved_at: string; certificates: SavedCertificate[] };

/** Goes up at every clearing: a save that began before one must not write afterwards. */
let generation = 0;

export function savingGeneration(): number {
  return generation;
}

export function certificatesSupported(): boolean {
  return typeof caches !== 'undefined';
}

/** The key of a certificate's PDF: its API path, so a look at the cache says what it is. */
export function certificateKey(insuranceId: number): string {
  return `/api/v4/customers/insurances/${insuranceId}/certificate`;
}

export async function readSavedCertificates(): Promise<SavedCertificates | null> {
  if (!certificatesSupported()) return null;
  const cache = await caches.open(CERTIFICATES_CACHE);
  const answer = await cache.match(INDEX_KEY);
  if (!answer) return null;
  try {
    return (await answer.json()) as SavedCertificates;
  } catch {
    return null;
  }
}

export async function readCertificatePdf(insuranceId: number): Promise<Blob | null> {
  if (!certificatesSupported()) return null;
  const answer = await (await caches.open(CERTIFICATES_CACHE)).match(certificateKey(insuranceId));
  return answer ? answer.blob() : null;
}

/**
 * Replaces what is kept with `certificates`: `pdfs` holds the newly fetched files, the others are kept
 * from before; stored files no longer listed are removed. Nothing is written when the kept certificates
 * were cleared since `startedAt` (a sign-out while the files were downloading).
 */
export async function writeSavedCertificates(
  userId: number,
  certificates: SavedCertificate[],
  pdfs: Map<number, Blob>,
  startedAt: number,
): Promise<void> {
  if (startedAt !== generation) return;
  const cache = await caches.open(CERTIFICATES_CACHE);
  for (const [insuranceId, pdf] of pdfs) {
    await cache.put(
      certificateKey(insuranceId),
      new Response(pdf, { headers: { 'Content-Type': 'application/pdf' } }),
    );
  }
  const listed = new Set(certificates.map((c) => certificateKey(c.insurance_id)));
  for (const request of await cache.keys()) {
    const key = new URL(request.url).pathname;
    if (key !== INDEX_KEY && !listed.has(key)) await cache.delete(request);
  }
  const index: SavedCertificates = { user_id: userId, saved_at: new Date().toISOString(), certificates };
  await cache.put(
    INDEX_KEY,
    new Response(JSON.stringify(index), { headers: { 'Content-Type': 'application/json' } }),
  );
  // Cleared while writing: clear again, so nothing of the signed-out customer stays.
  if (startedAt !== generation) await caches.delete(CERTIFICATES_CACHE);
}

/** Sign-out, an ended session: nothing of this customer stays on the device. */
export async function clearSavedCertificates(): Promise<void> {
  generation += 1;
  if (!certificatesSupported()) return;
  await caches.delete(CERTIFICATES_CACHE);
}
