/**
 * One entity of the business center (business-center/business/{id}): its name, tax condition, fiscal
 * address and contact — editable by its owner, read-only for members — and the people who act for it:
 * the owner invites by e-mail (someone with no account gets a link, listed as pending until they open it
 * or the owner withdraws it) and removes; a member may leave.
 */
import {
  type EntityDetail,
  type EntityProfileInput,
  EntityProfileSchema,
  InviteMemberSchema,
  TAX_CONDITION_LABELS,
  TAX_CONDITIONS,
} from '@cubierto/contracts';
import {
  Badge,
  Button,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { confirmDestructive } from '../../../shared/dialogs/dialogs.tsx';
import { handleError } from '../../../shared/errors/error-handler.tsx';
import { formatDay } from '../../../shared/format/format.ts';
import { maskedRegistration } from '../../../shared/forms/masks.ts';
import { SelectField } from '../../../shared/forms/select-field.tsx';
import { useApiForm } from '../../../shared/forms/use-api-form.ts';
import { currentUserQueryOptions } from '../../../shared/session/current-user.ts';
import { showToast } from '../../../shared/toasts/toasts.tsx';
import { BackLink } from '../../../shared/ui/back-link.tsx';
import { LoadError } from '../../../shared/ui/load-error.tsx';
import { useCancelInvitationMutation } from '../api/cancel-invitation.ts';
import { entityDetailQueryOptions } from '../api/entity.ts';
import { useInviteMemberMutation } from '../api/invite-member.ts';
import { useRemoveMemberMutation } from '../api/remove-member.ts';
import { useUpdateEntityMutation } from '../api/update-entity.ts';

const SAVE_SITE = 205;
const INVITE_SITE = 206;
const REMOVE_SITE = 207;
const WITHDRAW_SITE = 208;

const taxOptions = TAX_CONDITIONS.map((value) => ({ value, label: TAX_CONDITION_LABELS[value] }));
const PROFILE_FIELDS = [
  'name',
  'tax_condition',
  'street',
  'street_number',
  'locality',
  'province',
  'zip_code',
  'contact_name',
  'contact_email',
  'contact_phone',
] as const;

function ProfileForm({ entity }: { entity: EntityDetail }) {
  const { t } = useTranslation();
  const update = useUpdateEntityMutation();
  const titleId = useId();
  const readOnly = entity.role !== 'owner';
  const {
    register,
    control,
    handleSubmit,
    applyApiErrors,
    formState: { errors, isSubmitting },
  } = useApiForm({
    schema: EntityProfileSchema,
    defaultValues: Object.fromEntries(PROFILE_FIELDS.map((f) => [f, entity[f] ?? ''])) as EntityProfileInput,
  });

  const submit = handleSubmit(async (values) => {
    try {
      await update.mutateAsync({ id: entity.id, values });
      showToast({ type: 'success', message: t('business.profile.saved'), duration: 4000 });
    } catch (error) {
      if (!applyApiErrors(error)) handleError(error, SAVE_SITE);
    }
  });

  const field = (name: (typeof PROFILE_FIELDS)[number], extra: Record<string, unknown> = {}) => (
    <TextInput
      label={t(`business.profile.${name}`)}
      error={errors[name]?.message}
      readOnly={readOnly}
      autoComplete="off"
      {...extra}
      {...(name === 'contact_phone' ? maskedRegistration(register(name), 'phone') : register(name))}
    />
  );

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby={titleId}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Title order={2} fz="lg" id={titleId}>
            {t('business.profile.title')}
          </Title>
          {readOnly && (
            <Text size="sm" c="dimmed">
              {t('business.profile.readOnly')}
            </Text>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {field('name')}
            <SelectField
              control={control}
              name="tax_condition"
              label={t('business.profile.tax_condition')}
              data={taxOptions}
              searchable={false}
              readOnly={readOnly}
            />
          </SimpleGrid>
          <Title order={3} fz="md">
            {t('business.profile.address')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            {field('street')}
            {field('street_number')}
            {field('zip_code')}
            {field('locality')}
            {field('province')}
          </SimpleGrid>
          <Title order={3} fz="md">
            {t('business.profile.contact')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            {field('contact_name')}
            {field('contact_email', { type: 'email' })}
            {field('contact_phone', { type: 'tel' })}
          </SimpleGrid>
          {!readOnly && (
            <Group justify="flex-end">
              <Button type="submit" loading={isSubmitting}>
                {t('business.profile.submit')}
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </Card>
  );
}

function Members({ entity }: { entity: EntityDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const titleId = useId();
  const owner = entity.role === 'owner';
  const invitation = useInviteMemberMutation();
  const removal = useRemoveMemberMutation();
  const withdrawal = useCancelInvitationMutation();
  const {
    register,
    handleSubmit,
    reset,
    applyApiErrors,
    formState: { errors, isSubmitting },
  } = useApiForm({ schema: InviteMemberSchema, defaultValues: { email: '' } });

  const invite = handleSubmit(async ({ email }) => {
    try {
      const detail = await invitation.mutateAsync({ id: entity.id, email });
      reset();
      const joined = detail.members.some((m) => m.email.toLowerCase() === email);
      showToast({
        type: 'success',
        message: t(joined ? 'business.members.invited' : 'business.members.invitationSent', { email }),
        duration: 4000,
      });
    } catch (error) {
      if (!applyApiErrors(error)) handleError(error, INVITE_SITE);
    }
  });

  const remove = async (userId: number, name: string, self: boolean) => {
    const answer = await confirmDestructive({
      title: self
        ? t('business.members.leaveTitle', { entity: entity.name })
        : t('business.members.removeTitle', { name }),
      subTitle: self ? t('business.members.leaveText') : t('business.members.removeText'),
    });
    if (answer.role !== 'confirm') return;
    try {
      const detail = await removal.mutateAsync({ id: entity.id, userId });
      if (self || !detail) navigate('/business-center');
    } catch (error) {
      handleError(error, REMOVE_SITE);
    }
  };

  const withdraw = async (invitationId: number, email: string) => {
    try {
      await withdrawal.mutateAsync({ id: entity.id, invitationId });
      showToast({ type: 'success', message: t('business.members.withdrawn', { email }), duration: 4000 });
    } catch (error) {
      handleError(error, WITHDRAW_SITE);
    }
  };

  const selfId = useQuery(currentUserQueryOptions).data?.id;
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby={titleId}>
      <Stack gap="md">
        <Title order={2} fz="lg" id={titleId}>
          {t('business.members.title')}
        </Title>
        <Table verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('business.members.name')}</Table.Th>
              <Table.Th>{t('business.members.role')}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{t('business.members.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {entity.members.map((member) => {
              const canRemove = owner ? member.role !== 'owner' : member.user_id === selfId;
              return (
                <Table.Tr key={member.user_id}>
                  <Table.Td>
                    <Text size="sm">{member.name}</Text>
                    <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
                      {member.email}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge
                      variant="light"
                      color={member.role === 'owner' ? 'brand' : 'grape'}
                      c={member.role === 'owner' ? undefined : 'grape.9'}
                      tt="none"
                    >
                      {t(`business.roles.${member.role}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    {canRemove && (
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red.9"
                        onClick={() => void remove(member.user_id, member.name, !owner)}
                        aria-label={
                          owner
                            ? t('business.members.removeNamed', { name: member.name })
                            : t('business.members.leave')
                        }
                      >
                        {owner ? t('business.members.remove') : t('business.members.leave')}
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
        {owner && entity.invitations.length > 0 && (
          <Stack gap="xs" component="section" aria-labelledby={`${titleId}-pending`}>
            <Title order={3} fz="md" id={`${titleId}-pending`}>
              {t('business.members.pendingTitle')}
            </Title>
            {entity.invitations.map((invitation) => (
              <Group key={invitation.id} justify="space-between" wrap="nowrap" gap="sm">
                <div style={{ minWidth: 0 }}>
                  <Text size="sm" style={{ wordBreak: 'break-all' }}>
                    {invitation.email}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t('business.members.pendingUntil', { date: formatDay(invitation.expires_at) })}
                  </Text>
                </div>
                <Button
                  size="xs"
                  variant="subtle"
                  color="red.9"
                  onClick={() => void withdraw(invitation.id, invitation.email)}
                  aria-label={t('business.members.withdrawNamed', { email: invitation.email })}
                >
                  {t('business.members.withdraw')}
                </Button>
              </Group>
            ))}
          </Stack>
        )}
        {owner && entity.kind === 'business' && (
          <form onSubmit={invite} noValidate>
            <Group align="flex-start" gap="sm" wrap="wrap">
              <TextInput
                label={t('business.members.inviteLabel')}
                description={t('business.members.inviteHint')}
                type="email"
                autoComplete="off"
                error={errors.email?.message}
                style={{ flex: 1, minWidth: 240 }}
                {...register('email')}
              />
              <Button type="submit" loading={isSubmitting} mt={{ base: 0, sm: 46 }}>
                {t('business.members.invite')}
              </Button>
            </Group>
          </form>
        )}
        {owner && entity.kind !== 'business' && (
          <Text size="sm" c="dimmed">
            {t('business.members.personal')}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

export function BusinessPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const query = useQuery(entityDetailQueryOptions(id));
  const entity = query.data;
  return (
    <Stack gap="lg" maw={1100} mx="auto">
      <Stack gap={4}>
        <BackLink to="/business-center" label={t('business.back')} />
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {entity?.name ?? t('business.title')}
        </Title>
        {entity && (
          <Text c="dimmed">
            {entity.document_type} {entity.document_number} · {t(`business.roles.${entity.role}`)}
          </Text>
        )}
      </Stack>
      {query.isError ? (
        <LoadError description={t('business.detailError')} onRetry={() => void query.refetch()} />
      ) : !entity ? (
        <Stack role="status" aria-busy="true" aria-label={t('loading.default')}>
          <Skeleton h={280} radius="lg" />
          <Skeleton h={160} radius="lg" />
        </Stack>
      ) : (
        <>
          <ProfileForm key={entity.id} entity={entity} />
          <Members entity={entity} />
        </>
      )}
    </Stack>
  );
}
