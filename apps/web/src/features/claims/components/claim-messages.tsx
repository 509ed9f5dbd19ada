/**
 * The conversation of a claim: the customer's messages on the right, Cubierto's on the left, and a box
 * to write one. A message that could not be sent stays in the box.
 */
import { CLAIM_MESSAGE_MAX, type ClaimDetail, ClaimMessageBodySchema } from '@cubierto/contracts';
import { Button, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { handleError } from '../../../shared/errors/error-handler.tsx';
import { formatLongDate } from '../../../shared/format/format.ts';
import { placeApiValidations } from '../../../shared/forms/api-validations.ts';
import { showToast } from '../../../shared/toasts/toasts.tsx';
import { usePostClaimMessageMutation } from '../api/claim-message.ts';
import classes from './claims.module.css';

/** Call site of the central error handler for a message that could not be sent. */
const MESSAGE_ERROR_SITE = 94;

export function ClaimMessages({ claim }: { claim: ClaimDetail }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const posting = usePostClaimMessageMutation();

  const send = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = ClaimMessageBodySchema.safeParse({ body: text });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setError(null);
    try {
      await posting.mutateAsync({ claimId: claim.id, body: parsed.data.body });
      setText('');
      showToast({ type: 'success', duration: 3_000, message: t('claims.messages.sent') });
    } catch (failure) {
      const [refused] = placeApiValidations(failure, ['body']).fields;
      if (refused) setError(refused[1]);
      else handleError(failure, MESSAGE_ERROR_SITE);
    }
  };

  return (
    <Stack gap="md">
      {claim.messages.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('claims.messages.empty')}
        </Text>
      ) : (
        <Stack gap="xs" component="ol" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {claim.messages.map((message) => (
            <li
              key={message.id}
              className={`${classes.message} ${message.author === 'customer' ? classes.mine : ''}`}
            >
              <Text size="xs" fw={700}>
                {t(`claims.messages.author.${message.author}`)}
              </Text>
              <Text size="sm">{message.body}</Text>
              <Text size="xs" c="dimmed">
                {formatLongDate(message.created_at)}
              </Text>
            </li>
          ))}
        </Stack>
      )}
      <form onSubmit={(event) => void send(event)} noValidate>
        <Stack gap="xs">
          <Textarea
            label={t('claims.messages.label')}
            placeholder={t('claims.messages.placeholder')}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            error={error}
            rows={3}
            resize="vertical"
            maxLength={CLAIM_MESSAGE_MAX}
          />
          <Button type="submit" loading={posting.isPending} style={{ alignSelf: 'flex-end' }}>
            {t('claims.messages.send')}
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
