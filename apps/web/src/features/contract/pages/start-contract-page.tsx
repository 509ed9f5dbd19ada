/**
 * /contract-insurance?coverage={id} starts contracting a coverage and goes on to the new process
 * (/contract-insurance/{processId}). A product sold on the insurer's own site answers 409: the customer
 * is offered that site instead, after the 'Aviso de redireccionamiento' (spec §2 item 9).
 * Without a coverage it goes to the contracts in progress ('Mis contrataciones').
 */
import type { InsuranceProcess } from '@cubierto/contracts';
import { Center, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { hasErrorCode, isNotFound } from '../../../shared/api/api-error.ts';
import { openExternalSite } from '../../../shared/catalog/choose-coverage.ts';
import { handleError } from '../../../shared/errors/error-handler.tsx';
import { LoadError } from '../../../shared/ui/load-error.tsx';
import { findPolicyOfCoverage } from '../api/policy.ts';
import { startProcess } from '../api/start-process.ts';
import { ContractNotice } from '../components/contract-notice.tsx';

/** One start per visit of the page: React's development double effects must not open two processes. */
const starts = new Map<string, Promise<InsuranceProcess>>();

/** The product's own site, after the redirect notice; resolves once the customer chose. */
async function offerInsurerSite(coverageId: number): Promise<void> {
  const policy = await findPolicyOfCoverage(coverageId);
  if (!policy?.external_url) throw new Error(`No site for coverage ${coverageId}`);
  await openExternalSite(policy.external_url);
}

function StartProcess({ coverageId }: { coverageId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [failure, setFailure] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const key = `${location.key}:${coverageId}:${attempt}`;
    let start = starts.get(key);
    if (!start) {
      start = startProcess(coverageId);
      starts.set(key, start);
    }
    let current = true;
    const leave = () => {
      if (location.key !== 'default') navigate(-1);
      else navigate('/tabs', { replace: true });
    };
    start.then(
      (process) => {
        if (current) navigate(`/contract-insurance/${process.id}`, { replace: true });
      },
      (error: unknown) => {
        if (!current) return;
        if (hasErrorCode(error, 'policy_contracted_externally')) {
          offerInsurerSite(coverageId).then(leave, () => {
            handleError(error, 50);
            leave();
          });
        } else {
          setFailure(error);
        }
      },
    );
    return () => {
      current = false;
    };
  }, [coverageId, attempt, location.key, navigate]);

  if (isNotFound(failure)) {
    return <ContractNotice title={t('contract.start.missingTitle')} description={failure.message} />;
  }
  if (failure) {
    return (
      <Stack maw={640} mx="auto">
        <LoadError
          title={t('contract.start.errorTitle')}
          description={t('contract.start.errorDescription')}
          onRetry={() => {
            setFailure(null);
            setAttempt((n) => n + 1);
          }}
        />
      </Stack>
    );
  }
  return (
    <Center mih={320}>
      <Stack align="center" gap="sm" role="status">
        <Loader />
        <Text c="dimmed">{t('contract.start.loading')}</Text>
      </Stack>
    </Center>
  );
}

export function StartContractPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const coverage = params.get('coverage');
  // The contracts in progress are listed in 'Mis contrataciones'.
  if (coverage === null) return <Navigate to="/customers/insurance-processes" replace />;
  const coverageId = Number(coverage);
  if (!Number.isInteger(coverageId) || coverageId <= 0) {
    return (
      <ContractNotice title={t('contract.start.missingTitle')} description={t('contract.start.invalid')} />
    );
  }
  return <StartProcess key={coverageId} coverageId={coverageId} />;
}
