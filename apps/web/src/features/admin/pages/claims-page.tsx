/**
 * Reclamos (the queue): every customer's claims with their age, filtered by status and searched by the
 * customer's e-mail. A row opens the claim (components/claim-detail.tsx), where the operator moves it on
 * and writes to the customer.
 */
import { CLAIM_STATUS_LABELS, CLAIM_STATUSES, type OperatorClaim } from '@cubierto/contracts';
import { useTranslation } from 'react-i18next';
import { claimsQueryOptions } from '../api/claims.ts';
import { CLAIM_TONES, ClaimDetailView } from '../components/claim-detail.tsx';
import { OperatorListPage, RowButton, statusFilter } from '../components/operator-list-page.tsx';
import { StateBadge } from '../components/state-badge.tsx';

/** Whole days since `iso`. */
function ageInDays(iso: string): number {
  return Math.max(0, Math.floor((Date.now() - new Date(iso).getTime()) / 86_400_000));
}

/** The claim's insurance as the queue names it: its number and risk type. */
function insuranceName(claim: OperatorClaim): string {
  return `${claim.insurance.number} · ${claim.insurance.risk_type_name}`;
}

export function ClaimsPage() {
  const { t } = useTranslation();
  return (
    <OperatorListPage
      list={{ texts: 'admin.claims', sort: 'created_at', query: claimsQueryOptions }}
      filters={[statusFilter(t('admin.status.label'), CLAIM_STATUSES, CLAIM_STATUS_LABELS)]}
      columns={[
        { key: 'number', label: t('admin.claims.number'), sort: 'id', render: (c) => c.number },
        { key: 'customer', label: t('admin.claims.customer'), render: (c) => c.customer.email },
        { key: 'insurance', label: t('admin.claims.insurance'), render: insuranceName },
        {
          key: 'incident',
          label: t('admin.claims.incidentDate'),
          sort: 'incident_date',
          render: (c) => c.incident_date,
        },
        {
          key: 'age',
          label: t('admin.claims.age'),
          sort: 'created_at',
          render: (c) => t('admin.claims.days', { count: ageInDays(c.created_at) }),
        },
        {
          key: 'status',
          label: t('admin.status.label'),
          render: (c) => (
            <StateBadge tone={CLAIM_TONES[c.status]}>{CLAIM_STATUS_LABELS[c.status]}</StateBadge>
          ),
        },
      ]}
      actions={(c: OperatorClaim, open) => (
        <RowButton onClick={() => open(c)} aria-label={t('admin.claims.openNamed', { number: c.number })}>
          {t('admin.claims.open')}
        </RowButton>
      )}
      dialog={{
        size: 'xl',
        title: (c) => (c ? t('admin.claims.detailTitle', { number: c.number }) : ''),
        render: (c) => c && <ClaimDetailView id={c.id} />,
      }}
    />
  );
}
