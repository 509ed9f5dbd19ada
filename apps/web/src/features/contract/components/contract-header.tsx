/**
 * What is being contracted, always in view: the risk type and the plan, the policy and its insurer (logo
 * with the company's legal name as alt text, spec §2 item 1), its price (the coverage's "desde" until the
 * answers that set it are saved, then theirs), its detail
 * (the coverage dialog) and the way out ('Descartar contratación').
 */
import type { InsuranceProcess } from '@cubierto/contracts';
import { Button, Card, Group, Image, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiFileUrl } from '../../../shared/api/client.ts';
import { openCoverageDialog } from '../../../shared/catalog/coverage-dialog.tsx';
import { premiumFromText } from '../../../shared/catalog/public-policies.ts';
import { policyQueryOptions } from '../api/policy.ts';
import { livePrice } from '../model/live-price.ts';

const upperFirst = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

type ContractHeaderProps = { process: InsuranceProcess; onDiscard?: (() => void) | undefined };

export function ContractHeader({ process, onDiscard }: ContractHeaderProps) {
  const { t } = useTranslation();
  const policy = useQuery(policyQueryOptions(process.policy.id));
  const company = policy.data?.company;
  // Once the answers that set the price are saved, their price; until then the coverage's "desde".
  const price = process.steps.some((step) => (step === 'risk' || step === 'dates') && !process.answers[step])
    ? null
    : livePrice(process, process.answers);

  return (
    <Card withBorder padding="lg" radius="lg" component="header">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="md">
        <Stack gap={4} miw={0}>
          <Text size="xs" tt="uppercase" fw={700} c="brand.8">
            {t('contract.header.overline')}
          </Text>
          <Title order={1} fz={{ base: 22, sm: 28 }} lh={1.2}>
            {t('contract.header.title', {
              riskType: process.risk_type.name,
              coverage: process.coverage.public_name,
            })}
          </Title>
          <Text size="sm" c="dimmed">
            {company ? `${process.policy.name} · ${company.name}` : process.policy.name}
          </Text>
          <Text size="sm" fw={600}>
            {price
              ? t('contract.header.price', {
                  amount: price.premium.total_nice,
                  period: t(`contract.livePrice.${price.unit}`, { count: price.count }),
                })
              : upperFirst(premiumFromText(process.coverage))}
          </Text>
        </Stack>
        {company?.logo_url && (
          <Image
            src={apiFileUrl(company.logo_url)}
            alt={company.legal_name}
            h={{ base: 40, sm: 56 }}
            w="auto"
            fit="contain"
            style={{ flexShrink: 0 }}
          />
        )}
      </Group>
      <Group justify="space-between" mt="xs" gap="xs">
        <Button
          variant="subtle"
          size="compact-sm"
          onClick={() =>
            void openCoverageDialog({
              coverage: process.coverage,
              policy: policy.data ?? { id: process.policy.id, name: process.policy.name },
            })
          }
        >
          {t('contract.header.details')}
        </Button>
        {onDiscard && (
          <Button variant="subtle" color="red" c="red.9" size="compact-sm" onClick={onDiscard}>
            {t('contract.discard.action')}
          </Button>
        )}
      </Group>
    </Card>
  );
}
