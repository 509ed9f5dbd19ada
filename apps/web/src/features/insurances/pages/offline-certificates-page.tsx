/**
 * 'Mis certificados sin conexión' (/certificados): the in-force certificates kept on this device, read
 * from Cache Storage only, so it works with no signal at all (issue 7; docs/decisions/015). Each one
 * downloads as the PDF the server issued, named after the policy like any certificate download.
 */
import { Alert, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '../../../shared/api/download.ts';
import { formatDay, formatLongDate } from '../../../shared/format/format.ts';
import {
  certificatesSupported,
  readCertificatePdf,
  readSavedCertificates,
  type SavedCertificate,
  type SavedCertificates,
} from '../../../shared/offline/saved-certificates.ts';
import type { StoredUser } from '../../../shared/session/current-user.ts';
import { StorageKey, storage } from '../../../shared/storage/storage.ts';
import { showToast } from '../../../shared/toasts/toasts.tsx';
import { IconInfo } from '../../../shared/ui/icons.tsx';
import { IconDownload } from '../../../shared/ui/product-icons.tsx';

/** What is kept, once it is known to belong to the customer signed in on this device. */
async function readOwnCertificates(): Promise<SavedCertificates | null> {
  const [saved, user] = await Promise.all([
    readSavedCertificates(),
    storage.get<StoredUser>(StorageKey.user),
  ]);
  return saved && user && saved.user_id === user.id ? saved : null;
}

function CertificateItem({ certificate }: { certificate: SavedCertificate }) {
  const { t } = useTranslation();
  const download = async () => {
    const pdf = await readCertificatePdf(certificate.insurance_id);
    if (pdf) await saveBlob(pdf, certificate.filename);
    else showToast({ type: 'warning', message: t('offline.certificates.missing') });
  };
  return (
    <Card withBorder padding="lg" radius="lg" component="li">
      <Stack gap={6}>
        <Title order={2} fz="lg">
          {certificate.risk_type_name} · {certificate.policy_name}
        </Title>
        <Text size="sm">{t('offline.certificates.number', { number: certificate.number })}</Text>
        {certificate.starts_on && certificate.ends_on && (
          <Text size="sm" c="dimmed">
            {t('offline.certificates.validity', {
              from: formatDay(certificate.starts_on),
              to: formatDay(certificate.ends_on),
            })}
          </Text>
        )}
        <Group mt="xs">
          <Button
            leftSection={<IconDownload size={18} />}
            onClick={() => void download()}
            aria-label={t('offline.certificates.downloadLabel', { number: certificate.number })}
          >
            {t('offline.certificates.download')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

export function OfflineCertificatesPage() {
  const { t } = useTranslation();
  const [saved, setSaved] = useState<SavedCertificates | null | undefined>(undefined);

  useEffect(() => {
    let live = true;
    readOwnCertificates()
      .catch(() => null)
      .then((found) => {
        if (live) setSaved(found);
      });
    return () => {
      live = false;
    };
  }, []);

  const certificates = saved?.certificates ?? [];
  return (
    <Stack gap="lg" maw={760} mx="auto">
      <Stack gap={4}>
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {t('offline.certificates.title')}
        </Title>
        <Text c="dimmed">{t('offline.certificates.description')}</Text>
      </Stack>
      {!certificatesSupported() ? (
        <Alert color="brand" variant="light" icon={<IconInfo />}>
          {t('offline.certificates.unsupported')}
        </Alert>
      ) : saved === undefined ? (
        <Skeleton h={160} radius="lg" role="status" aria-label={t('loading.default')} />
      ) : certificates.length === 0 ? (
        <Alert color="brand" variant="light" icon={<IconInfo />}>
          {t('offline.certificates.empty')}
        </Alert>
      ) : (
        <>
          <Stack component="ul" gap="md" p={0} m={0} style={{ listStyle: 'none' }}>
            {certificates.map((certificate) => (
              <CertificateItem key={certificate.insurance_id} certificate={certificate} />
            ))}
          </Stack>
          {saved && (
            <Text size="sm" c="dimmed">
              {t('offline.certificates.savedAt', { date: formatLongDate(saved.saved_at) })}
            </Text>
          )}
        </>
      )}
    </Stack>
  );
}
