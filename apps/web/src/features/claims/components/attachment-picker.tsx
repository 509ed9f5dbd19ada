/**
 * Photos and documents of a new claim: each chosen file is checked like the server checks it, uploaded
 * at once and previewed; any can be removed before filing. The value is the ids of the uploaded files.
 */

import { CLAIM_ATTACHMENT_TYPES, CLAIM_MAX_ATTACHMENTS } from '@cubierto/contracts';
import { Box, Button, CloseButton, LoadingOverlay, Stack, Text } from '@mantine/core';
import { type ChangeEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { handleError } from '../../../shared/errors/error-handler.tsx';
import { placeApiValidations } from '../../../shared/forms/api-validations.ts';
import { requestPermission } from '../../../shared/native/permissions.ts';
import { IconUpload } from '../../../shared/ui/icons.tsx';
import { uploadClaimAttachment } from '../api/attachments.ts';
import { checkAttachmentFile } from '../model/attachment-check.ts';
import { AttachmentThumbnail } from './attachment-preview.tsx';
import classes from './claims.module.css';

/** Call site of the central error handler for a failed upload. */
const UPLOAD_ERROR_SITE = 92;

type Item = { key: string; file: File; id: number | null };

export function AttachmentPicker({
  onChange,
  error,
  alreadyAttached = 0,
  label = 'claims.attachments.label',
}: {
  onChange: (ids: number[], uploading: boolean) => void;
  error?: string | undefined;
  /** Files the claim already has: they count towards the limit. */
  alreadyAttached?: number;
  /** i18n key of the picker's title. */
  label?: string;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [items, setItems] = useState<Item[]>([]);
  // The latest list, for uploads that finish after the customer removed or added files.
  const latest = useRef<Item[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  const hintId = useId();
  const errorId = useId();

  const publish = (next: Item[]) => {
    latest.current = next;
    setItems(next);
    onChange(
      next.flatMap((item) => (item.id === null ? [] : [item.id])),
      next.some((item) => item.id === null),
    );
  };

  const onFiles = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = [...(event.target.files ?? [])];
    event.target.value = '';
    const found: string[] = [];
    const accepted: Item[] = [];
    for (const file of chosen) {
      const problem = checkAttachmentFile(file, alreadyAttached + latest.current.length + accepted.length);
      if (problem) {
        found.push(
          t(`claims.attachments.problem.${problem}`, { name: file.name, max: CLAIM_MAX_ATTACHMENTS }),
        );
        continue;
      }
      accepted.push({ key: crypto.randomUUID(), file, id: null });
    }
    setProblems(found);
    if (!accepted.length) return;
    publish([...latest.current, ...accepted]);
    for (const item of accepted) {
      try {
        const stored = await uploadClaimAttachment(item.file);
        publish(latest.current.map((x) => (x.key === item.key ? { ...x, id: stored.id } : x)));
      } catch (failure) {
        publish(latest.current.filter((x) => x.key !== item.key));
        const [refused] = placeApiValidations(failure, ['file']).fields;
        if (refused) setProblems((before) => [...before, `${item.file.name}: ${refused[1]}`]);
        else handleError(failure, UPLOAD_ERROR_SITE);
      }
    }
  };

  const remove = (key: string) => {
    publish(latest.current.filter((item) => item.key !== key));
  };

  const shownErrors = [...problems, ...(error ? [error] : [])];
  return (
    <Stack gap="sm">
      <div>
        <Text fw={600} size="sm">
          {t(label)}
        </Text>
        <Text size="sm" c="dimmed" id={hintId}>
          {t('claims.attachments.hint', { max: CLAIM_MAX_ATTACHMENTS })}
        </Text>
      </div>
      {items.length > 0 && (
        <ul
          className={classes.attachments}
          aria-label={t('claims.attachments.chosen')}
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {items.map((item) => (
            <li key={item.key} className={classes.attachment}>
              <Box pos="relative">
                <LoadingOverlay
                  visible={item.id === null}
                  loaderProps={{
                    size: 'sm',
                    'aria-label': t('claims.attachments.uploading', { name: item.file.name }),
                  }}
                />
                <AttachmentThumbnail
                  name={item.file.name}
                  contentType={item.file.type}
                  source={{ file: item.file }}
                />
                <CloseButton
                  className={classes.remove}
                  size="sm"
                  aria-label={t('claims.attachments.remove', { name: item.file.name })}
                  onClick={() => remove(item.key)}
                />
              </Box>
              <Box p={6} miw={0}>
                <Text size="xs" truncate="end">
                  {item.file.name}
                </Text>
              </Box>
            </li>
          ))}
        </ul>
      )}
      <input
        ref={input}
        type="file"
        multiple
        hidden
        accept={CLAIM_ATTACHMENT_TYPES.join(',')}
        aria-label={t('claims.attachments.input')}
        onChange={(event) => void onFiles(event)}
      />
      <Button
        variant="light"
        leftSection={<IconUpload size={18} />}
        onClick={() => {
          // The apps ask for the photo library (spec §6); the web grants it at once.
          void requestPermission('read_media_images').then((granted) => {
            if (granted) input.current?.click();
          });
        }}
        disabled={alreadyAttached + items.length >= CLAIM_MAX_ATTACHMENTS}
        aria-describedby={shownErrors.length ? `${hintId} ${errorId}` : hintId}
        style={{ alignSelf: 'flex-start' }}
      >
        {t('claims.attachments.add')}
      </Button>
      {shownErrors.length > 0 && (
        <Stack gap={2} id={errorId} role="alert">
          {shownErrors.map((message) => (
            <Text key={message} size="sm" c="var(--mantine-color-error)">
              {message}
            </Text>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
