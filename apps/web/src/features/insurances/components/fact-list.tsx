/** Labels and values as a definition list; the last one can read as a total. */
import { useTranslation } from 'react-i18next';
import classes from './insurances.module.css';
import type { Fact } from './risk-facts.ts';

export function FactList({
  facts,
  label,
  withTotal = false,
}: {
  facts: Fact[];
  label?: string;
  withTotal?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <dl className={classes.facts} aria-label={label ?? t('insurances.detail.facts')}>
      {facts.map((fact, index) => (
        <div key={fact.label} className={withTotal && index === facts.length - 1 ? classes.total : undefined}>
          <dt>{fact.label}</dt>
          <dd>{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}
