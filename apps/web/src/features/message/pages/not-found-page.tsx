/** Routes of spec §2 whose issues have not landed yet answer with a clear message instead of a blank page. */
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSessionState } from '../../../shared/session/session-store.ts';
import { MessageView } from '../components/message-view.tsx';

export function UnavailablePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { status } = useSessionState();
  const signedIn = status === 'authenticated';
  return (
    <MessageView
      embedded={signedIn}
      title={t('unavailable.title')}
      description={t('unavailable.description')}
      image="/assets/images/unavailable.svg"
      buttonTitle={signedIn ? t('unavailable.backHome') : t('unavailable.backToLogin')}
      onButton={() => navigate(signedIn ? '/tabs' : '/login')}
    />
  );
}
