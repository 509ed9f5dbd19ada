/**
 * Mounts the payment return (payments feature) in the signed-in frame. Its code loads only when /tabs
 * carries a query string, which is how every checkout comes back (spec §2).
 */
import { lazy, Suspense, useState } from 'react';
import { useLocation } from 'react-router';

const Watcher = lazy(async () => {
  const { PaymentReturnWatcher } = await import('../../features/payments/pages/index.ts');
  return { default: PaymentReturnWatcher };
});

export function PaymentReturn() {
  const { pathname, search } = useLocation();
  // Once loaded it stays: it removes the query string and goes on handling the return.
  const [wanted, setWanted] = useState(false);
  if (!wanted && pathname === '/tabs' && search) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Watcher />
    </Suspense>
  );
}
