/**
 * Mi cuenta (spec §2 profile): name, province → locality, zip code and profile picture, validated with the
 * API's own rules; the API's 422 messages land under their fields. Loading, error and empty states.
 */
import { ProfileUpdateSchema, type User } from '@cubierto/contracts';
import { Button, Card, Divider, Flex, Grid, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { localitiesQueryOptions, provincesQueryOptions } from '../../../shared/api/places.ts';
import { handleError } from '../../../shared/errors/error-handler.tsx';
import { formatLongDate } from '../../../shared/format/format.ts';
import { SelectField } from '../../../shared/forms/select-field.tsx';
import { apiValidations, useApiForm } from '../../../shared/forms/use-api-form.ts';
import { t as translate } from '../../../shared/i18n/i18n.ts';
import { currentUserQueryOptions } from '../../../shared/session/current-user.ts';
import { showToast } from '../../../shared/toasts/toasts.tsx';
import { LoadError } from '../../../shared/ui/load-error.tsx';
import { useUpdateProfileMutation } from '../api/update-profile.ts';
import { AvatarField } from '../components/avatar-field.tsx';
import { PrivacyCard } from '../components/privacy-card.tsx';

const ProfileFormSchema = z
  .object({
    name: ProfileUpdateSchema.shape.name.unwrap(),
    state_id: z.string().nullable(),
    locality_id: z.string().nullable(),
    zip_code: ProfileUpdateSchema.shape.zip_code.unwrap(),
  })
  .refine((values) => !values.state_id || values.locality_id, {
    path: ['locality_id'],
    error: () => translate('profile.localityRequired'),
  });
type ProfileFormInput = z.input<typeof ProfileFormSchema>;

function valuesOf(user: User): ProfileFormInput {
  return {
    name: user.name,
    state_id: user.place?.state ? String(user.place.state.id) : null,
    locality_id: user.place?.locality ? String(user.place.locality.id) : null,
    zip_code: user.place?.zipCode ?? '',
  };
}

function ProfileForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const save = useUpdateProfileMutation();
  const [avatar, setAvatar] = useState<File | null>(null);
  const [avatarError, setAvatarError] = useState<string | undefined>();

  const {
    register,
    control,
    handleSubmit,
    applyApiErrors,
    setValue,
    watch,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useApiForm({ schema: ProfileFormSchema, defaultValues: valuesOf(user) });

  const stateId = watch('state_id');
  const provinces = useQuery(provincesQueryOptions);
  const localities = useQuery(localitiesQueryOptions(stateId ? Number(stateId) : null));

  const onSubmit = handleSubmit(async (values) => {
    try {
      const updated = await save.mutateAsync({
        name: values.name,
        stateId: values.state_id,
        localityId: values.locality_id,
        zipCode: values.zip_code,
        avatar,
      });
      reset(valuesOf(updated));
      setAvatar(null);
      showToast({ type: 'success', message: t('profile.saved') });
    } catch (error) {
      applyApiErrors(error);
      // The picture is not a field of the form: its own field shows the API's reason.
      const avatarMessages = apiValidations(error).avatar;
      if (avatarMessages?.length) setAvatarError(avatarMessages.join(' '));
      handleError(error, 41);
    }
  });

  const provinceOptions = (provinces.data ?? []).map((province) => ({
    value: String(province.id),
    label: province.name,
  }));
  const localityOptions = (localities.data ?? []).map((locality) => ({
    value: String(locality.id),
    label: locality.name,
  }));
  const localityPlaceholder = !stateId
    ? t('profile.localityChooseProvince')
    : localities.isPending
      ? t('profile.localitiesLoading')
      : t('profile.localityPlaceholder');

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('profile.formLabel')}>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Card withBorder shadow="xs" padding="lg">
            <AvatarField
              currentUrl={user.avatar}
              file={avatar}
              onChange={setAvatar}
              error={avatarError}
              onError={setAvatarError}
              disabled={isSubmitting}
            />
            <Divider my="lg" />
            <Stack gap="sm">
              <div>
                <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
                  {t('profile.email')}
                </Text>
                <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
                  {user.email}
                </Text>
              </div>
              {user.entity && (
                <div>
                  <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
                    {user.entity.document_type}
                  </Text>
                  <Text fw={500}>{user.entity.document_number}</Text>
                </div>
              )}
              <div>
                <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
                  {t('profile.memberSince')}
                </Text>
                <Text fw={500}>{formatLongDate(user.created_at)}</Text>
              </div>
            </Stack>
          </Card>
        </Grid.Col>

        <Grid.Col span={{ base: 12, md: 8 }}>
          <Card withBorder shadow="xs" padding="lg">
            <Stack gap="md">
              <Title order={2} fz="lg">
                {t('profile.personalData')}
              </Title>
              <TextInput
                label={t('profile.name')}
                autoComplete="name"
                error={errors.name?.message}
                {...register('name')}
              />

              <Title order={2} fz="lg" mt="sm">
                {t('profile.address')}
              </Title>
              {provinces.isError && (
                <LoadError
                  description={t('profile.provincesError')}
                  onRetry={() => void provinces.refetch()}
                />
              )}
              <Grid gap="md">
                <Grid.Col span={{ base: 12, sm: 6 }}>
                  <SelectField
                    control={control}
                    name="state_id"
                    label={t('profile.province')}
                    placeholder={
                      provinces.isPending ? t('profile.provincesLoading') : t('profile.provincePlaceholder')
                    }
                    data={provinceOptions}
                    nothingFoundMessage={t('profile.nothingFound')}
                    disabled={provinces.isPending || provinces.isError}
                    onValueChange={() => setValue('locality_id', null, { shouldDirty: true })}
                  />
                </Grid.Col>
                <Grid.Col span={{ base: 12, sm: 6 }}>
                  <SelectField
                    control={control}
                    name="locality_id"
                    label={t('profile.locality')}
                    placeholder={localityPlaceholder}
                    data={localityOptions}
                    nothingFoundMessage={
                      localities.data?.length === 0 ? t('profile.noLocalities') : t('profile.nothingFound')
                    }
                    disabled={!stateId || localities.isPending || localities.isError}
                    error={localities.isError ? t('profile.localitiesError') : undefined}
                    onValueChange={(value) => {
                      // The locality's zip code fills the field; the user may still change it.
                      const zip = localities.data?.find(
                        (locality) => String(locality.id) === value,
                      )?.zip_code;
                      if (zip) setValue('zip_code', zip, { shouldDirty: true, shouldValidate: true });
                    }}
                  />
                </Grid.Col>
                <Grid.Col span={{ base: 12, sm: 6 }}>
                  <TextInput
                    label={t('profile.zipCode')}
                    autoComplete="postal-code"
                    description={t('profile.zipCodeHint')}
                    maxLength={8}
                    error={errors.zip_code?.message}
                    {...register('zip_code')}
                  />
                </Grid.Col>
              </Grid>

              <Flex direction={{ base: 'column-reverse', sm: 'row' }} justify="flex-end" gap="sm" mt="md">
                <Button
                  variant="default"
                  disabled={isSubmitting || (!isDirty && !avatar)}
                  onClick={() => {
                    reset(valuesOf(user));
                    setAvatar(null);
                    setAvatarError(undefined);
                  }}
                >
                  {t('profile.discard')}
                </Button>
                <Button type="submit" loading={isSubmitting} disabled={!isDirty && !avatar}>
                  {t('profile.save')}
                </Button>
              </Flex>
            </Stack>
          </Card>
        </Grid.Col>
      </Grid>
    </form>
  );
}

function ProfileSkeleton() {
  const { t } = useTranslation();
  return (
    <Grid gap="lg" aria-busy="true" aria-label={t('loading.default')}>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Card withBorder padding="lg">
          <Stack align="center">
            <Skeleton circle h={112} />
            <Skeleton h={30} w={140} />
            <Skeleton h={14} w="80%" mt="md" />
            <Skeleton h={14} w="60%" />
          </Stack>
        </Card>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Card withBorder padding="lg">
          <Stack>
            <Skeleton h={20} w={160} />
            <Skeleton h={42} />
            <Skeleton h={20} w={120} mt="sm" />
            <Skeleton h={42} />
            <Skeleton h={42} />
          </Stack>
        </Card>
      </Grid.Col>
    </Grid>
  );
}

export function ProfilePage() {
  const { t } = useTranslation();
  const user = useQuery(currentUserQueryOptions);

  return (
    <Stack gap="lg" maw={1080} mx="auto">
      <div>
        <Title order={1} fz={{ base: 26, sm: 30 }}>
          {t('profile.title')}
        </Title>
        <Text c="dimmed">{t('profile.subtitle')}</Text>
      </div>
      {user.isPending && <ProfileSkeleton />}
      {user.isError && (
        <LoadError
          title={t('profile.loadErrorTitle')}
          description={t('profile.loadErrorDescription')}
          onRetry={() => void user.refetch()}
        />
      )}
      {user.data && <ProfileForm key={user.data.id} user={user.data} />}
      {user.data && <PrivacyCard />}
    </Stack>
  );
}
