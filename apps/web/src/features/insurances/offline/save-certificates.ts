/**
 * Keeps the customer's in-force certificates on this device (shared/offline/saved-certificates.ts): at
 * each start of the signed-in app and when the connection comes back, the in-force insurances are listed
 * and the certificate of each one not kept yet (or changed since) is downloaded. At most the newest
 * MAX_SAVED: a business with thousands of insured phones does not fill the device.
 */

import type { Insurance } from '@cubierto/contracts';
import { certificateFilename, InsuranceSchema, pageOf } from '@cubierto/contracts';
import { api, requestFailure, sendRequest } from '../../../shared/api/client.ts';
import {
  certificateKey,
  certificatesSupported,
  readSavedCertificates,
  type SavedCertificate,
  savingGeneration,
  writeSavedCertificates,
} from '../../../shared/offline/saved-certificates.ts';
import { getSessionState } from '../../../shared/session/session-store.ts';

export const MAX_SAVED = 20;

const InForcePageSchema = pageOf(InsuranceSchema);

function revisionOf(insurance: Insurance): string {
  return [insurance.id, insurance.starts_on, insurance.ends_on, insurance.cancels_on].join('|');
}

async function fetchCertificate(insuranceId: number): Promise<Blob> {
  const sent = await sendRequest(
    certificateKey(insuranceId).replace('/api/v4', ''),
    { method: 'GET' },
    'application/pdf',
  );
  if (!sent.response.ok) throw await requestFailure(sent);
  return sent.response.blob();
}

let running: Promise<void> | null = null;

/** Brings the kept certificates up to date for `userId`; quietly does nothing when offline. */
export function saveInForceCertificates(userId: number): Promise<void> {
  if (!certificatesSupported()) return Promise.resolve();
  running ??= save(userId).finally(() => {
    running = null;
  });
  return running;
}

async function save(userId: number): Promise<void> {
  const startedAt = savingGeneration();
  const page = InForcePageSchema.parse(
    await api.get('/customers/insurances', {
      query: { 'filter[status][eq]': 'vigente', sort_by: '-created_at', per_page: MAX_SAVED },
    }),
  );
  const before = await readSavedCertificates();
  const kept = new Map(
    (before?.user_id === userId ? before.certificates : []).map((c) => [c.insurance_id, c] as const),
  );
  const certificates: SavedCertificate[] = [];
  const pdfs = new Map<number, Blob>();
  for (const insurance of page.data) {
    const revision = revisionOf(insurance);
    const known = kept.get(insurance.id);
    if (known?.revision !== revision) pdfs.set(insurance.id, await fetchCertificate(insurance.id));
    certificates.push({
      insurance_id: insurance.id,
      number: insurance.number,
      policy_name: insurance.policy.name,
      risk_type_name: insurance.risk_type.name,
      starts_on: insurance.starts_on,
      ends_on: insurance.ends_on,
      revision,
      filename: certificateFilename(insurance.policy.name),
    });
  }
  // Signed out meanwhile: what was cleared stays cleared.
  if (getSessionState().status !== 'authenticated') return;
  await writeSavedCertificates(userId, certificates, pdfs, startedAt);
}
