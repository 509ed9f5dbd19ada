/**
 * What is being contracted, always in view: the risk type and the plan, the policy and its insurer (logo
 * with the company's legal name as alt text, spec §2 item 1), its price (the coverage's "desde" until the
 * answers that set it are saved, then theirs), its detail (the coverage dialog) and the way out
 * ('Descartar contratación').
 *
 * On a phone it is one line, the product and its price, so the step keeps the screen (issue 19 item 6: at
 * most about 12 % of 844 px); 'Detalles' opens the rest in a sheet from the bottom. From a tablet's width
 * on, everything shows in the card.
 */
import type { InsuranceProcess } from '@cubierto/contracts';
import { Box, Button, Card, Drawer, Group, Image, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiFileUrl } from '../../../shared/api/client.ts';
import { openCoverageDialog } from '../../../shared/catalog/coverage-dialog.tsx';
import { premiumFromText } from '../../../shared/catalog/public-policies.ts';
import { policyQueryOptions } from '../api/policy.ts';
import { livePrice } from '../model/live-price.ts';
import classes from './contract-header.module.css';

const upperFirst = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

type ContractHeaderProps = { process: InsuranceProcess; onDiscard?: (() => void) | undefined };

export function ContractHeader({ process, onDiscard }: ContractHeaderProps) {
  const { t } = useTranslation();
  const [sheetOpen, setSheetOpen] = useState(false);
  const policy = useQuery(policyQueryOptions(process.policy.id));
  const company = policy.data?.company;
  // Once the answers that set the price are saved, their price; until then the coverage's "desde".
  const price = process.steps.some((step) => (step === 'risk' || step === 'dates') && !process.answers[step])
    ? null
    : livePrice(process, process.answers);
  const title = t('contract.header.title', {
    riskType: process.risk_type.name,
    coverage: process.coverage.public_name,
  });
  const priceOf = (key: 'price' | 'priceShort') =>
    price
      ? t(`contract.header.${key}`, {
          amount: price.premium.total_nice,
          period: t(`contract.livePrice.${price.unit}`, { count: price.count }),
        })
      : upperFirst(premiumFromText(process.coverage));
  const priceText = priceOf('price');
  const policyText = company ? `${process.policy.name} · ${company.name}` : process.policy.name;
  const logo = company?.logo_url ? (
    <Image
      src={apiFileUrl(company.logo_url)}
      alt={company.legal_name}
      h={{ base: 48, sm: 56 }}
      w="auto"
      fit="contain"
      style={{ flexShrink: 0 }}
    />
  ) : null;

  const showCoverage = () => {
    setSheetOpen(false);
    void openCoverageDialog({
      coverage: process.coverage,
      policy: policy.data ?? { id: process.policy.id, name: process.policy.name },
    });
  };
  const discard = onDiscard
    ? () => {
        setSheetOpen(false);
        onDiscard();
      }
    : undefined;
  const actions = (
    <>
      <Button variant="subtle" size="compact-sm" onClick={showCoverage}>
        {t('contract.header.details')}
      </Button>
      {discard && (
        <Button variant="subtle" color="red" c="red.9" size="compact-sm" onClick={discard}>
          {t('contract.discard.action')}
        </Button>
      )}
    </>
  );

  return (
    <Card withBorder radius="lg" component="header" className={classes.header}>
      <Group justify="space-between" align="center" wrap="nowrap" gap="sm">
        <Stack gap={4} miw={0} className={classes.text}>
          <Text size="xs" tt="uppercase" fw={700} c="brand.8" visibleFrom="sm">
            {t('contract.header.overline')}
          </Text>
          <Title order={1} lh={1.2} className={classes.title}>
            {title}
          </Title>
          <Text size="sm" c="dimmed" visibleFrom="sm">
            {policyText}
          </Text>
          {price ? (
            <>
              <Text size="sm" fw={600} visibleFrom="sm">
                {priceText}
              </Text>
              <Text size="sm" fw={600} c="brand.8" hiddenFrom="sm" truncate="end">
                {priceOf('priceShort')}
              </Text>
            </>
          ) : (
            // The "desde" reads the same at every size: once, cut to its line on a phone.
            <Text size="sm" fw={600} className={classes.price}>
              {priceText}
            </Text>
          )}
        </Stack>
        {logo && <Box visibleFrom="sm">{logo}</Box>}
        {/* Phone: the product and its price on one line, the rest in a sheet from the bottom. */}
        <Button
          variant="light"
          size="sm"
          hiddenFrom="sm"
          style={{ flexShrink: 0 }}
          onClick={() => setSheetOpen(true)}
          aria-haspopup="dialog"
          aria-expanded={sheetOpen}
        >
          {t('contract.header.more')}
        </Button>
      </Group>
      <Group justify="space-between" mt="xs" gap="xs" visibleFrom="sm">
        {actions}
      </Group>
      <Drawer
        opened={sheetOpen}
        onClose={() => setSheetOpen(false)}
        position="bottom"
        size="auto"
        radius="lg"
        title={t('contract.header.sheetTitle')}
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        <Stack gap="sm" pb="md">
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="md">
            <Stack gap={4} miw={0}>
              <Text fw={700} lh={1.3}>
                {title}
              </Text>
              <Text size="sm" c="dimmed">
                {policyText}
              </Text>
              <Text size="sm" fw={600}>
                {priceText}
              </Text>
            </Stack>
            {logo}
          </Group>
          <Stack gap="xs" align="flex-start">
            {actions}
          </Stack>
        </Stack>
      </Drawer>
    </Card>
  );
}
