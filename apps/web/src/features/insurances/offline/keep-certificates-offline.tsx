/**
 * Mounted by the signed-in shell: keeps the in-force certificates on the device up to date at start,
 * when the connection comes back and whenever the customer looks at their insurances (a payment just
 * put one in force), each time at the browser's next idle moment. Shows nothing; a failure waits for the
 * next occasion.
 */
import { useNetwork } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { whenIdle } from '../../../shared/hooks/when-idle.ts';
import { currentUserQueryOptions } from '../../../shared/session/current-user.ts';
import { saveInForceCertificates } from './save-certificates.ts';

export function KeepCertificatesOffline() {
  const user = useQuery(currentUserQueryOptions);
  const { online } = useNetwork();
  const { pathname } = useLocation();
  const userId = user.data?.id;
  const onInsurances = pathname.startsWith('/customers/insurances');

  // biome-ignore lint/correctness/useExhaustiveDependencies: a visit to the insurances is an occasion to save.
  useEffect(() => {
    if (userId === undefined || !online) return;
    // Downloading and storing the certificates is nothing the customer waits for: it leaves the page's
    // own requests and drawing to go first.
    return whenIdle(() => {
      saveInForceCertificates(userId).catch(() => {
        // Offline again or the server refused: the next occasion tries again.
      });
    });
  }, [userId, online, onInsurances]);

  return null;
}
