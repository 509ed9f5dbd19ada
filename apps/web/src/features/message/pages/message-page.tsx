/**
 * The message screen (spec §2 item 12): shows the message stored by whoever sent the user here, e.g.
 * scheduled maintenance after a 503. Its button goes back to the start, which decides login or home.
 */
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAsyncValue } from '../../../shared/hooks/use-async-value.ts';
import { readAppMessage } from '../../../shared/message/app-message.ts';
import { PageLoader } from '../../../shared/ui/page-loader.tsx';
import { MessageView } from '../components/message-view.tsx';

export function MessagePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // undefined while reading storage, null when nothing was stored.
  const message = useAsyncValue(readAppMessage);

  if (message === undefined) return <PageLoader fullScreen />;

  if (!message) {
    return (
      <MessageView
        title={t('message.emptyTitle')}
        description={t('message.emptyDescription')}
        image="/assets/images/unavailable.svg"
        buttonTitle={t('message.emptyButton')}
        onButton={() => navigate('/', { replace: true })}
      />
    );
  }

  const canNavigate = message.canNavigate ?? true;
  return (
    <MessageView
      title={message.title}
      description={message.description}
      image={message.image ?? '/assets/images/maintenance.svg'}
      buttonTitle={canNavigate ? (message.button_title ?? t('common.continue')) : undefined}
      onButton={canNavigate ? () => navigate('/', { replace: true }) : undefined}
    />
  );
}
