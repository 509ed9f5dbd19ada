/**
 * Mounted once in the signed-in frame: when the customer lands on /tabs with a payment return in the
 * query string, removes it from the address (so a reload does not repeat it) and handles it once.
 */
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { carriesSignInAnswer } from '../../../shared/session/after-login.ts';
import { decidePaymentReturn, handlePaymentReturn, withoutPaymentParams } from './payment-return.ts';

/** Returns already handled; survives StrictMode's second effect run. */
const handled = new Set<string>();

export function PaymentReturnWatcher() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    if (pathname !== '/tabs' || handled.has(search)) return;
    const decision = decidePaymentReturn(new URLSearchParams(search));
    if (!decision && !carriesSignInAnswer(search, window.location.hash)) return;
    handled.add(search);
    navigate({ pathname, search: withoutPaymentParams(search) }, { replace: true });
    if (decision)
      void handlePaymentReturn(decision, { navigate: (to, state) => void navigate(to, { state }) });
  }, [pathname, search, navigate]);

  return null;
}
