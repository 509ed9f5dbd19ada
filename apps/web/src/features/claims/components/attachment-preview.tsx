/**
 * A claim's file, small: a photo drawn from its bytes (read with the session token into a blob URL, or
 * the chosen file itself before it is sent), a PDF as an icon with its name. Clicking downloads it.
 */
import { Box, Image, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconFileText } from '../../../shared/ui/icons.tsx';
import { claimAttachmentQueryOptions } from '../api/attachments.ts';
import { isImage } from '../model/attachment-check.ts';
import classes from './claims.module.css';

/** An object URL for a blob, revoked when the blob changes or the component goes. */
export function useObjectUrl(blob: Blob | undefined | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return;
    const created = URL.createObjectURL(blob);
    setUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [blob]);
  return blob ? url : null;
}

type Props = {
  name: string;
  contentType: string;
  /** A stored attachment is read from the API; a chosen file is shown from itself. */
  source: { attachmentId: number } | { file: File };
};

export function AttachmentThumbnail({ name, contentType, source }: Props) {
  const { t } = useTranslation();
  const stored = 'attachmentId' in source ? source.attachmentId : null;
  const blob = useQuery({
    ...claimAttachmentQueryOptions(stored),
    enabled: stored !== null && isImage(contentType),
  });
  const url = useObjectUrl('file' in source ? source.file : blob.data);

  if (!isImage(contentType))
    return (
      <Stack className={classes.thumb} align="center" justify="center" gap={4} p="xs">
        <IconFileText size={32} aria-hidden="true" />
        <Text size="xs" c="dimmed">
          {t('claims.attachments.pdf')}
        </Text>
      </Stack>
    );
  return url ? (
    <Image src={url} alt={t('claims.attachments.photoAlt', { name })} className={classes.thumb} fit="cover" />
  ) : (
    <Skeleton className={classes.thumb} />
  );
}

/** A stored attachment as a card that downloads the file. */
export function AttachmentCard({
  attachment,
  onDownload,
}: {
  attachment: { id: number; name: string; content_type: string };
  onDownload: () => void;
}) {
  const { t } = useTranslation();
  return (
    <UnstyledButton
      onClick={onDownload}
      className={classes.attachment}
      aria-label={t('claims.attachments.download', { name: attachment.name })}
    >
      <AttachmentThumbnail
        name={attachment.name}
        contentType={attachment.content_type}
        source={{ attachmentId: attachment.id }}
      />
      <Box p={6} miw={0}>
        <Text size="xs" truncate="end">
          {attachment.name}
        </Text>
      </Box>
    </UnstyledButton>
  );
}
