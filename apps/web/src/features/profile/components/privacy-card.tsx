/**
 * Mi cuenta's 'Tus datos y tu cuenta': 'Descargar mis datos' (JSON and PDF, Ley 25.326 art. 14) and
 * 'Eliminar mi cuenta' (App Store guideline 5.1.1(v), Google Play's account-deletion policy), whose
 * dialog states what happens and what is kept before asking for the password (decision 016).
 */
import { Alert, Button, Card, Divider, Group, List, Modal, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { hasErrorCode } from '../../../shared/api/api-error.ts';
import { reportSessionEnded } from '../../../shared/api/client.ts';
import { handleError } from '../../../shared/errors/error-handler.tsx';
import { apiValidations, useApiForm } from '../../../shared/forms/use-api-form.ts';
import { showToast } from '../../../shared/toasts/toasts.tsx';
import { PasswordField } from '../../../shared/ui/password-field.tsx';
import { deletionCheckQueryOptions } from '../api/account-deletion-check.ts';
import { useDeleteAccountMutation } from '../api/delete-account.ts';
import { downloadMyData } from '../api/export-my-data.ts';

// The API checks the password (and says so beside the field); the form only carries it.
const DeleteAccountFormSchema = z.object({ password: z.string() });

function DeleteAccountDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const check = useQuery({ ...deletionCheckQueryOptions, enabled: opened });
  const form = useApiForm({ schema: DeleteAccountFormSchema, defaultValues: { password: '' } });
  const remove = useDeleteAccountMutation();
  const [refusal, setRefusal] = useState<string[]>([]);
  // Once deleted, the dialog stays busy until the app has left for the login.
  const deleting = remove.isPending || remove.isSuccess;

  const close = () => {
    if (deleting) return;
    form.reset();
    setRefusal([]);
    onClose();
  };

  const blockers = refusal.length > 0 ? refusal : (check.data?.blockers.map((b) => b.message) ?? []);
  const needsPassword = check.data?.requires_password ?? false;
  const staleSignIn = check.data !== undefined && !needsPassword && !check.data.recent_sign_in;
  const canDelete = check.isSuccess && blockers.length === 0 && !staleSignIn;

  const submit = form.handleSubmit(async ({ password }) => {
    if (!canDelete) return;
    try {
      await remove.mutateAsync(needsPassword ? password : undefined);
      showToast({ type: 'success', message: t('privacy.deleted') });
      // The API already ended every session: the app forgets this one and goes to login.
      reportSessionEnded();
    } catch (error) {
      // What must be settled first comes back as a conflict listing each blocker.
      const blocking = hasErrorCode(error, 'account_deletion_blocked')
        ? Object.values(apiValidations(error)).flat()
        : [];
      if (blocking.length) setRefusal(blocking);
      else if (!form.applyApiErrors(error)) handleError(error, 47);
    }
  });

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('privacy.dialog.title')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      centered
      size="lg"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <div>
            <Title order={3} fz="md" mb={4}>
              {t('privacy.dialog.happensTitle')}
            </Title>
            <List size="sm" spacing={4}>
              <List.Item>{t('privacy.dialog.happensSessions')}</List.Item>
              <List.Item>{t('privacy.dialog.happensData')}</List.Item>
              <List.Item>{t('privacy.dialog.happensProcesses')}</List.Item>
              <List.Item>{t('privacy.dialog.happensAgain')}</List.Item>
            </List>
          </div>
          <div>
            <Title order={3} fz="md" mb={4}>
              {t('privacy.dialog.keptTitle')}
            </Title>
            <Text size="sm">{t('privacy.dialog.kept')}</Text>
          </div>
          {check.isPending && (
            <Text size="sm" c="dimmed" aria-live="polite">
              {t('privacy.dialog.checking')}
            </Text>
          )}
          {check.isError && (
            <Alert color="red" title={t('privacy.dialog.checkError')}>
              <Button variant="light" color="red" size="xs" onClick={() => void check.refetch()}>
                {t('common.retry')}
              </Button>
            </Alert>
          )}
          {blockers.length > 0 && (
            <Alert color="yellow" title={t('privacy.dialog.blockedTitle')} role="alert">
              <List size="sm" spacing={4}>
                {blockers.map((message) => (
                  <List.Item key={message}>{message}</List.Item>
                ))}
              </List>
            </Alert>
          )}
          {canDelete && needsPassword && (
            <PasswordField
              label={t('privacy.dialog.password')}
              description={t('privacy.dialog.passwordHint')}
              autoComplete="current-password"
              {...form.register('password')}
              error={form.formState.errors.password?.message}
              disabled={deleting}
              data-autofocus
            />
          )}
          {canDelete && !needsPassword && <Text size="sm">{t('privacy.dialog.recentSignIn')}</Text>}
          {staleSignIn && (
            <Alert color="yellow" role="alert">
              {t('privacy.dialog.staleSignIn')}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={close} disabled={deleting}>
              {t('privacy.dialog.back')}
            </Button>
            <Button type="submit" color="red.9" loading={deleting} disabled={!canDelete}>
              {t('privacy.dialog.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The PDF first: most people want to read their data; the JSON is for taking it elsewhere. */
const DOWNLOADS = [
  { format: 'pdf', variant: 'light', label: 'privacy.downloadPdf' },
  { format: 'json', variant: 'default', label: 'privacy.downloadJson' },
] as const;

export function PrivacyCard() {
  const { t } = useTranslation();
  const [downloading, setDownloading] = useState<'json' | 'pdf' | null>(null);
  const [deleting, setDeleting] = useState(false);

  const download = async (format: 'json' | 'pdf') => {
    setDownloading(format);
    await downloadMyData(format);
    setDownloading(null);
  };

  return (
    <Card withBorder shadow="xs" padding="lg">
      <Stack gap="md">
        <Title order={2} fz="lg">
          {t('privacy.sectionTitle')}
        </Title>
        <div>
          <Title order={3} fz="md">
            {t('privacy.downloadTitle')}
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            {t('privacy.downloadDescription')}
          </Text>
          <Group gap="sm">
            {DOWNLOADS.map(({ format, variant, label }) => (
              <Button
                key={format}
                variant={variant}
                loading={downloading === format}
                disabled={downloading !== null}
                onClick={() => void download(format)}
              >
                {t(label)}
              </Button>
            ))}
          </Group>
        </div>
        <Divider />
        <div>
          <Title order={3} fz="md">
            {t('privacy.deleteTitle')}
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            {t('privacy.deleteDescription')}
          </Text>
          <Button variant="outline" color="red.9" c="red.9" onClick={() => setDeleting(true)}>
            {t('privacy.deleteButton')}
          </Button>
        </div>
      </Stack>
      <DeleteAccountDialog opened={deleting} onClose={() => setDeleting(false)} />
    </Card>
  );
}
