/** What the coverage detail dialog draws (spec §2 item 1); loaded with the first one opened. */
import type { Coverage } from '@cubierto/contracts';
import { Button, Card, CloseButton, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CloseDialog } from '../dialogs/dialogs.tsx';
import { CompanyLogo, CoverageDetails, type PolicyOfCoverage, PolicyTerms } from './coverage-details.tsx';

export type CoverageDialogViewProps = {
  coverage: Coverage;
  policy: PolicyOfCoverage | null;
  /** A button under the cards that confirms the dialog, e.g. 'Contratar'. */
  confirmText?: string | undefined;
  close: CloseDialog<unknown>;
};

export default function CoverageDialogView({
  coverage,
  policy,
  confirmText,
  close,
}: CoverageDialogViewProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="nowrap">
        <Modal.Title fw={700} fz="lg">
          {t('catalog.dialog.title')}
        </Modal.Title>
        <CloseButton aria-label={t('common.close')} onClick={() => close('cancel')} size="lg" radius="xl" />
      </Group>
      <Card withBorder padding="lg" radius="lg">
        <Stack gap="md">
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="md">
            <Stack gap={4} miw={0}>
              <Title order={3} fz="h4">
                {coverage.public_name}
              </Title>
              <Text size="sm" c="dimmed">
                {coverage.public_description}
              </Text>
            </Stack>
            {policy?.company && <CompanyLogo company={policy.company} />}
          </Group>
          <CoverageDetails coverage={coverage} policy={policy} />
        </Stack>
      </Card>
      {policy && <PolicyTerms policy={policy} />}
      {confirmText && (
        <Button size="md" fullWidth onClick={() => close('confirm', true)}>
          {confirmText}
        </Button>
      )}
    </Stack>
  );
}
