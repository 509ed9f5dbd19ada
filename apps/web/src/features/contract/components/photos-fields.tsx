/**
 * The 'photos' step of a phone or a bicycle (spec §5: two images required), on the risk screen below what
 * is insured (issue 19): 'Subir las dos fotos' picks both at once, and each photo's own button opens the
 * picker to add or replace it, with what the photo must show written beside it; its instructional modal
 * (spec §2 item 5) stays a tap away under '¿Cómo saco la foto?' (issue 19: no 'Entendido' before each
 * picker). Each photo is uploaded at once (POST /customers/uploads) and previewed. The step's value is the
 * two upload ids in order.
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
  Title,
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

/** A slot's photo: its upload id once uploaded, whether it is uploading, and why a file was refused. */
type Slot = { id: number | null; uploading: boolean; error?: string | undefined };

/** Opens a file input in the tap itself; the apps ask for the camera first (spec §6), the web grants it. */
async function openPicker(input: HTMLInputElement | null) {
  if (isHybrid() && !(await requestPermission('camera'))) return;
  input?.click();
}

type PhotoSlotProps = {
  code: RiskTypeCode;
  index: number;
  slot: Slot;
  /** The photo is missing and 'Continuar' was pressed: said beside the slot. */
  missing: boolean;
  onFile: (file: File) => void;
};

function PhotoSlot({ code, index, slot, missing, onFile }: PhotoSlotProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const kind = photoInstructionKind(code, index);
  const n = index + 1;
  const hintId = useId();
  const preview = useUploadedPhotoUrl(slot.id);
  const error = slot.error ?? (missing ? t('contract.photos.missing', { n }) : undefined);

  const chosen = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) onFile(file);
  };

  return (
    <Card withBorder padding="md" radius="lg" data-testid={`photo-slot-${n}`}>
      <Stack gap="sm">
        <Text fw={700}>{t('contract.photos.title', { n })}</Text>
        <AspectRatio ratio={4 / 3} pos="relative">
          <LoadingOverlay
            visible={slot.uploading}
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
          onChange={chosen}
        />
        <Text size="sm" id={hintId}>
          {t(`contract.instructions.${kind}.short`)}
        </Text>
        <Button
          variant={slot.id ? 'default' : 'light'}
          leftSection={<IconUpload size={18} />}
          onClick={() => void openPicker(input.current)}
          disabled={slot.uploading}
          aria-describedby={hintId}
        >
          {slot.id ? t('contract.photos.change', { n }) : t('contract.photos.upload', { n })}
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

/**
 * Which slots the chosen files go to: two files (or more: the first two) fill photo 1 and photo 2; one
 * fills the first empty slot, else photo 1.
 */
export function slotsForFiles(count: number, filled: readonly boolean[]): number[] {
  if (count >= 2) return [0, 1];
  if (count === 1) {
    const empty = filled.indexOf(false);
    return [empty === -1 ? 0 : empty];
  }
  return [];
}

/**
 * The two photos below the risk fields (issue 19): one button picks both at once (a multiple file input),
 * each slot keeps its own button to replace its photo and its '¿Cómo saco la foto?'.
 */
export function PhotosFields({ code }: { code: RiskTypeCode }) {
  const { t } = useTranslation();
  const { getValues, setValue } = useFormContext();
  const { isSubmitted } = useFormState();
  const error = useFieldError('photos');
  const both = useRef<HTMLInputElement>(null);
  const [slots, setSlots] = useState<Slot[]>(() => {
    const saved = (getValues('photos') as number[] | undefined) ?? [];
    return [0, 1].map((i) => ({ id: saved[i] ?? null, uploading: false }));
  });
  // The latest slots, for uploads that finish after others changed them.
  const current = useRef(slots);

  const update = (index: number, change: Partial<Slot>) => {
    const next = current.current.map((slot, i) => (i === index ? { ...slot, ...change } : slot));
    current.current = next;
    setSlots(next);
    if ('id' in change) {
      // Until both are there the value is short, and the schema says two images are needed.
      const complete = next.map((slot) => slot.id).filter((id): id is number => id !== null);
      setValue('photos', complete, { shouldValidate: isSubmitted });
    }
  };

  const uploadInto = async (index: number, file: File) => {
    if (!isAcceptablePhoto(file)) {
      update(index, { error: t('contract.photos.invalidFile') });
      return;
    }
    update(index, { error: undefined, uploading: true });
    try {
      update(index, { id: await uploadRiskPhoto(file), uploading: false });
    } catch (failure) {
      const [refused] = placeApiValidations(failure, ['file']).fields;
      update(index, { uploading: false, error: refused?.[1] });
      if (!refused) handleError(failure, 52);
    }
  };

  const chooseBoth = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    const targets = slotsForFiles(
      files.length,
      current.current.map((slot) => slot.id !== null),
    );
    targets.forEach((index, i) => void uploadInto(index, files[i] as File));
  };

  const anyEmpty = slots.some((slot) => slot.id === null);
  const uploading = slots.some((slot) => slot.uploading);
  // 'Continuar' without both: the missing ones say so; another refusal of the photos shows below them.
  const missing = Boolean(error) && anyEmpty;

  return (
    <Stack gap="md" role="group" aria-labelledby={`${code}-photos-title`}>
      <Stack gap={4}>
        <Title order={3} fz="md" id={`${code}-photos-title`}>
          {t('contract.photos.sectionTitle')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('contract.photos.hint')}
        </Text>
      </Stack>
      {anyEmpty && (
        <Group>
          <input
            ref={both}
            type="file"
            multiple
            accept={PHOTO_TYPES.join(',')}
            hidden
            aria-label={t('contract.photos.inputBoth')}
            onChange={chooseBoth}
          />
          <Button
            leftSection={<IconUpload size={18} />}
            onClick={() => void openPicker(both.current)}
            disabled={uploading}
          >
            {t('contract.photos.uploadBoth')}
          </Button>
        </Group>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {slots.map((slot, index) => (
          <PhotoSlot
            // biome-ignore lint/suspicious/noArrayIndexKey: the two slots are fixed, photo 1 and photo 2.
            key={index}
            code={code}
            index={index}
            slot={slot}
            missing={missing && slot.id === null}
            onFile={(file) => void uploadInto(index, file)}
          />
        ))}
      </SimpleGrid>
      {error && !missing && (
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
