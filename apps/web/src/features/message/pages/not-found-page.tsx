/**
 * Every address the app does not know ('/nope', '/customers/nope', '/invoice/nope' …): says so and offers
 * the way home (the home screen when signed in, login otherwise). The server answers these addresses with
 * the app's index.html like any other route; the router decides they do not exist.
 */
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSessionState } from '../../../shared/session/session-store.ts';
import { MessageView } from '../components/message-view.tsx';

export function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { status } = useSessionState();
  const signedIn = status === 'authenticated';
  return (
    <MessageView
      title={t('notFound.title')}
      description={t('notFound.description')}
      image="/assets/images/unavailable.svg"
      buttonTitle={signedIn ? t('notFound.backHome') : t('notFound.backToLogin')}
      onButton={() => navigate(signedIn ? '/tabs' : '/login', { replace: true })}
    />
  );
}
