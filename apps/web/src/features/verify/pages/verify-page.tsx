/**
 * /verificar/{code}: the page behind a certificate's QR code, for anyone (no sign-in, no menu). It says
 * in one glance whether the cover is in force today, then what it is and for whom (initials only); an
 * unknown code gets a clear "not found".
 */
import type { CertificateCheck } from '@cubierto/contracts';
import { Card, Paper, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useDeferredData } from '../../../prerender/hydration.ts';
import { hasErrorCode } from '../../../shared/api/api-error.ts';
import { formatDay } from '../../../shared/format/format.ts';
import { FactList } from '../../../shared/ui/fact-list.tsx';
import { LoadError } from '../../../shared/ui/load-error.tsx';
import { IconCalendar, IconCircleCheck, IconCircleX } from '../../../shared/ui/product-icons.tsx';
import { PublicFrame } from '../../../shared/ui/public-frame.tsx';
import { certificateCheckQueryOptions } from '../api/certificate-check.ts';
import classes from './verify-page.module.css';

function CheckResult({ check }: { check: CertificateCheck }) {
  const { t } = useTranslation();
  const inForce = check.in_force;
  // Paid, not started yet: not in force today, but not "without cover" either.
  const from = !inForce ? check.in_force_from : null;
  const facts = [
    { label: t('verify.number'), value: check.number },
    { label: t('verify.status'), value: check.status_label },
    { label: t('verify.riskType'), value: check.risk_type },
    { label: t('verify.policy'), value: check.policy },
    { label: t('verify.company'), value: check.company },
    { label: t('verify.startsOn'), value: formatDay(check.starts_on) || '—' },
    { label: t('verify.endsOn'), value: formatDay(check.ends_on) || '—' },
    { label: t('verify.holder'), value: check.holder_initials || '—' },
  ];
  return (
    <Stack gap="lg">
      <Paper
        p={{ base: 'lg', sm: 'xl' }}
        radius="lg"
        className={inForce ? classes.inForce : from ? classes.startsLater : classes.notInForce}
        role="status"
      >
        <Stack align="center" gap="sm" ta="center">
          <ThemeIcon size={84} radius={84} color={inForce ? 'green.8' : from ? 'blue.8' : 'red.8'}>
            {inForce ? (
              <IconCircleCheck size={52} />
            ) : from ? (
              <IconCalendar size={52} />
            ) : (
              <IconCircleX size={52} />
            )}
          </ThemeIcon>
          <Title order={1} fz={{ base: 28, sm: 34 }} c={inForce ? '#1e6b30' : from ? 'blue.9' : 'red.9'}>
            {inForce
              ? t('verify.inForce')
              : from
                ? t('verify.inForceFrom', { date: formatDay(from) })
                : t('verify.notInForce')}
          </Title>
          {from && <Text>{t('verify.inForceFromHint')}</Text>}
          <Text fw={500}>{t('verify.checkedOn', { date: formatDay(check.checked_on) })}</Text>
        </Stack>
      </Paper>
      <Card withBorder padding="lg" radius="lg" component="section" aria-labelledby="verify-details">
        <Title order={2} fz="lg" mb="md" id="verify-details">
          {t('verify.details')}
        </Title>
        <FactList facts={facts} label={t('verify.details')} valuesAt="start" />
      </Card>
      <Text size="xs" c="dimmed" ta="center">
        {t('verify.privacy')}
      </Text>
    </Stack>
  );
}

function Check({ code }: { code: string }) {
  const { t } = useTranslation();
  const query = useQuery(certificateCheckQueryOptions(code));
  // The verdict is drawn in a deferred render, not one long task when the answer lands, and after the
  // hydration of the prerendered shell's placeholders when it was asked for before (hydration.ts).
  const settled = useDeferredData(query.isPending ? undefined : query.status);

  if (!settled || query.isPending)
    return (
      <Stack gap="lg" aria-busy="true" aria-label={t('loading.default')}>
        <Skeleton h={220} radius="lg" />
        <Skeleton h={300} radius="lg" />
      </Stack>
    );
  // A code nobody has, or one no certificate can have (the API refuses its form): nothing to show.
  if (hasErrorCode(query.error, 'not_found', 'validation_failed'))
    return (
      <Paper p={{ base: 'lg', sm: 'xl' }} radius="lg" withBorder role="status">
        <Stack align="center" gap="sm" ta="center">
          <ThemeIcon size={84} radius={84} color="gray.7">
            <IconCircleX size={52} />
          </ThemeIcon>
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            {t('verify.notFoundTitle')}
          </Title>
          <Text c="dimmed" maw={440}>
            {t('verify.notFoundDescription')}
          </Text>
        </Stack>
      </Paper>
    );
  if (query.isError)
    return (
      <LoadError
        title={t('verify.loadErrorTitle')}
        description={t('verify.loadErrorDescription')}
        onRetry={() => void query.refetch()}
      />
    );
  return <CheckResult check={query.data} />;
}

export function VerifyPage() {
  const { t } = useTranslation();
  const { code = '' } = useParams();

  useEffect(() => {
    document.title = t('verify.documentTitle');
    return () => {
      document.title = t('app.name');
    };
  }, [t]);

  return (
    <PublicFrame>
      <Stack maw={640} mx="auto" w="100%">
        <Check code={code} />
      </Stack>
    </PublicFrame>
  );
}
