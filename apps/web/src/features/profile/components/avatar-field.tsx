/**
 * The profile picture: the current one (or the default image), a preview of a newly chosen file, and the
 * same limits the server checks (JPG, PNG or WEBP up to 5 MB) so the user hears about them at once.
 */
import { Avatar, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiFileUrl } from '../../../shared/api/client.ts';
import { IconUpload } from '../../../shared/ui/icons.tsx';

export const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
const DEFAULT_AVATAR = '/assets/images/default-avatar.svg';

export function avatarProblem(file: File): 'type' | 'size' | null {
  if (!AVATAR_TYPES.includes(file.type)) return 'type';
  if (file.size > AVATAR_MAX_BYTES) return 'size';
  return null;
}

type AvatarFieldProps = {
  currentUrl: string | null;
  file: File | null;
  onChange: (file: File | null) => void;
  error?: string | undefined;
  onError: (message: string | undefined) => void;
  disabled?: boolean;
};

export function AvatarField({ currentUrl, file, onChange, error, onError, disabled }: AvatarFieldProps) {
  const { t } = useTranslation();
  const [preview, setPreview] = useState<string | null>(null);
  const errorId = useId();

  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const choose = (chosen: File | null) => {
    if (!chosen) return;
    const problem = avatarProblem(chosen);
    if (problem) {
      onError(t(problem === 'type' ? 'profile.avatarType' : 'profile.avatarSize'));
      return;
    }
    onError(undefined);
    onChange(chosen);
  };

  return (
    <Stack align="center" gap="sm">
      <Avatar
        src={preview ?? apiFileUrl(currentUrl) ?? DEFAULT_AVATAR}
        alt={preview ? t('profile.avatarPreviewAlt') : t('profile.avatarAlt')}
        size={112}
        radius={999}
        style={{ border: '3px solid var(--mantine-color-brand-1)' }}
      />
      <Group gap="xs" justify="center">
        <FileButton onChange={choose} accept={AVATAR_TYPES.join(',')} disabled={disabled}>
          {(props) => (
            <Button
              {...props}
              variant="light"
              size="sm"
              leftSection={<IconUpload size={16} />}
              aria-describedby={error ? errorId : undefined}
              disabled={disabled}
            >
              {file ? t('profile.avatarChangeAgain') : t('profile.avatarChange')}
            </Button>
          )}
        </FileButton>
        {file && (
          <Button variant="subtle" color="gray" size="sm" onClick={() => onChange(null)} disabled={disabled}>
            {t('profile.avatarDiscard')}
          </Button>
        )}
      </Group>
      <Text size="xs" c="dimmed" ta="center">
        {t('profile.avatarHint')}
      </Text>
      {error && (
        <Text size="sm" c="red.8" id={errorId} role="alert" ta="center">
          {error}
        </Text>
      )}
    </Stack>
  );
}
