/**
 * More photos or documents for a claim still open (the operator asked for the police report, say): the
 * same picker as the new claim, then 'Adjuntar archivos'. Closed claims (rechazado, pagado) take none.
 */
import { type ClaimDetail, isClaimClosed } from '@cubierto/contracts';
import { Button, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { handleError } from '../../../shared/errors/error-handler.tsx';
import { placeApiValidations } from '../../../shared/forms/api-validations.ts';
import { showToast } from '../../../shared/toasts/toasts.tsx';
import { useAttachClaimFilesMutation } from '../api/attach-claim-files.ts';
import { AttachmentPicker } from './attachment-picker.tsx';

/** Call site of the central error handler for files that could not be attached. */
const ATTACH_ERROR_SITE = 95;

export function AddClaimFiles({ claim }: { claim: ClaimDetail }) {
  const { t } = useTranslation();
  const attaching = useAttachClaimFilesMutation();
  const [chosen, setChosen] = useState<{ ids: number[]; uploading: boolean }>({ ids: [], uploading: false });
  const [error, setError] = useState<string>();
  // A new picker after each success, so the files just attached leave it.
  const [round, setRound] = useState(0);

  if (isClaimClosed(claim.status)) return null;

  const attach = async () => {
    try {
      await attaching.mutateAsync({ claimId: claim.id, attachmentIds: chosen.ids });
      setChosen({ ids: [], uploading: false });
      setRound((n) => n + 1);
      showToast({ type: 'success', duration: 3_000, message: t('claims.attachments.attached') });
    } catch (failure) {
      const [messages] = placeApiValidations(failure, ['attachment_ids']).fields;
      if (messages) setError(messages[1]);
      else handleError(failure, ATTACH_ERROR_SITE);
    }
  };

  return (
    <Stack gap="sm">
      <AttachmentPicker
        key={round}
        alreadyAttached={claim.attachments.length}
        label="claims.attachments.addLabel"
        error={error}
        onChange={(ids, uploading) => {
          setChosen({ ids, uploading });
          setError(undefined);
        }}
      />
      {chosen.ids.length > 0 && (
        <Button
          onClick={() => void attach()}
          loading={attaching.isPending}
          disabled={chosen.uploading}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('claims.attachments.attach')}
        </Button>
      )}
    </Stack>
  );
}
