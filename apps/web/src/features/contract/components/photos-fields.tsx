/**
 * The 'photos' step of a phone or a bicycle (spec §5: two images required): each photo's button opens the
 * picker at once, with what the photo must show written beside it; its instructional modal (spec §2 item
 * 5) stays a tap away under '¿Cómo saco la foto?' (issue 19: no 'Entendido' before each picker). The photo
 * is uploaded at once (POST /customers/uploads) and previewed. The step's value is the two upload ids in
 * order.
 */

import type { RiskTypeCode } from '@cubierto/contracts';
import {
  Anchor,
  AspectRatio,
  Button,
  Card,
  Center,
  Group,
  Image,
  LoadingOverlay,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';
import { useFormContext, useFormState } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { handleError } from '../../../shared/errors/error-handler.tsx';
import { placeApiValidations } from '../../../shared/forms/api-validations.ts';
import { requestPermission } from '../../../shared/native/permissions.ts';
import { isHybrid } from '../../../shared/native/platform.ts';
import { IconUpload } from '../../../shared/ui/icons.tsx';
import {
  isAcceptablePhoto,
  PHOTO_TYPES,
  riskPhotoQueryOptions,
  uploadRiskPhoto,
} from '../api/risk-photos.ts';
import { useFieldError } from './form-fields.tsx';
import { photoInstructionKind, showInstructions } from './instructions.ts';

/** A blob URL of an uploaded photo (read with the session token), revoked when no longer shown. */
function useUploadedPhotoUrl(id: number | null): string | null {
  const blob = useQuery(riskPhotoQueryOptions(id));
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob.data) return;
    const created = URL.createObjectURL(blob.data);
    setUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [blob.data]);
  return id === null ? null : url;
}

type PhotoSlotProps = {
  code: RiskTypeCode;
  index: number;
  photoId: number | null;
  onUploaded: (id: number) => void;
};

function PhotoSlot({ code, index, photoId, onUploaded }: PhotoSlotProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string>();
  const kind = photoInstructionKind(code, index);
  const n = index + 1;
  const hintId = useId();
  const preview = useUploadedPhotoUrl(photoId);

  const choose = async () => {
    // The apps ask for the camera first (spec §6); the web grants it, and opens the picker in the tap itself.
    if (isHybrid() && !(await requestPermission('camera'))) return;
    input.current?.click();
  };

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!isAcceptablePhoto(file)) {
      setError(t('contract.photos.invalidFile'));
      return;
    }
    setError(undefined);
    setUploading(true);
    try {
      onUploaded(await uploadRiskPhoto(file));
    } catch (failure) {
      const [refused] = placeApiValidations(failure, ['file']).fields;
      if (refused) setError(refused[1]);
      else handleError(failure, 52);
    } finally {
      setUploading(false);
    }
  };

  return (
    <Card withBorder padding="md" radius="lg">
      <Stack gap="sm">
        <Text fw={700}>{t('contract.photos.title', { n })}</Text>
        <AspectRatio ratio={4 / 3} pos="relative">
          <LoadingOverlay
            visible={uploading}
            loaderProps={{ 'aria-label': t('contract.photos.uploading') }}
          />
          {preview ? (
            <Image
              src={preview}
              alt={t('contract.photos.preview', { n })}
              fit="contain"
              bg="gray.1"
              radius="md"
            />
          ) : (
            <Center bg="gray.0" style={{ borderRadius: 'var(--mantine-radius-md)' }}>
              <Image
                src={`/assets/contract/${kind}.svg`}
                alt=""
                h="80%"
                w="auto"
                fit="contain"
                opacity={0.9}
              />
            </Center>
          )}
        </AspectRatio>
        {error && (
          <Text size="sm" c="var(--mantine-color-error)" role="alert">
            {error}
          </Text>
        )}
        <input
          ref={input}
          type="file"
          accept={PHOTO_TYPES.join(',')}
          hidden
          aria-label={t('contract.photos.input', { n })}
          onChange={(event) => void onFile(event)}
        />
        <Text size="sm" id={hintId}>
          {t(`contract.instructions.${kind}.short`)}
        </Text>
        <Button
          variant={photoId ? 'default' : 'light'}
          leftSection={<IconUpload size={18} />}
          onClick={() => void choose()}
          disabled={uploading}
          aria-describedby={hintId}
        >
          {photoId ? t('contract.photos.change', { n }) : t('contract.photos.upload', { n })}
        </Button>
        <Anchor
          component="button"
          type="button"
          size="sm"
          ta="center"
          mih={24}
          onClick={() => void showInstructions(kind)}
          aria-label={t('contract.photos.howOf', { n })}
        >
          {t('contract.photos.how')}
        </Anchor>
      </Stack>
    </Card>
  );
}

export function PhotosFields({ code }: { code: RiskTypeCode }) {
  const { t } = useTranslation();
  const { getValues, setValue } = useFormContext();
  const { isSubmitted } = useFormState();
  const error = useFieldError('photos');
  const [slots, setSlots] = useState<Array<number | null>>(() => {
    const saved = (getValues('photos') as number[] | undefined) ?? [];
    return [saved[0] ?? null, saved[1] ?? null];
  });

  const upload = (index: number, id: number) => {
    const next = slots.map((current, i) => (i === index ? id : current));
    setSlots(next);
    // Until both are there the value is short, and the schema says two images are needed.
    const complete = next.filter((photo): photo is number => photo !== null);
    setValue('photos', complete, { shouldValidate: isSubmitted });
  };

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('contract.photos.hint')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {slots.map((photoId, index) => (
          <PhotoSlot
            // biome-ignore lint/suspicious/noArrayIndexKey: the two slots are fixed, photo 1 and photo 2.
            key={index}
            code={code}
            index={index}
            photoId={photoId}
            onUploaded={(id) => upload(index, id)}
          />
        ))}
      </SimpleGrid>
      {error && (
        <Text size="sm" c="var(--mantine-color-error)" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}

function PhotoThumbnail({ id, n }: { id: number; n: number }) {
  const { t } = useTranslation();
  const url = useUploadedPhotoUrl(id);
  return url ? (
    <Image src={url} alt={t('contract.photos.preview', { n })} w={112} h={84} radius="md" fit="cover" />
  ) : (
    <Skeleton w={112} h={84} radius="md" />
  );
}

/** The uploaded photos, small, for the summary before confirming. */
export function PhotoThumbnails({ ids }: { ids: number[] }) {
  return (
    <Group gap="sm">
      {ids.map((id, index) => (
        <PhotoThumbnail key={id} id={id} n={index + 1} />
      ))}
    </Group>
  );
}
