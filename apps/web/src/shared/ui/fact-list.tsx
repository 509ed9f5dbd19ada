/**
 * Labels and values as a definition list: a coverage's amounts, an insurance's dates, premium and
 * insured object, a certificate's data. Values sit at the end of the line unless told otherwise; the
 * last line can read as a total.
 */
import type { ReactNode } from 'react';
import classes from './fact-list.module.css';

/** `help`: shown after the label, e.g. the glossary's "¿Qué es esto?" of an insurance word. */
export type Fact = { key?: string; label: string; value: string; help?: ReactNode };

type FactListProps = {
  facts: Fact[];
  /** Names the list for screen readers. */
  label: string;
  valuesAt?: 'start' | 'end';
  withTotal?: boolean;
};

export function FactList({ facts, label, valuesAt = 'end', withTotal = false }: FactListProps) {
  const className = [classes.facts, classes[valuesAt], withTotal && classes.total].filter(Boolean).join(' ');
  return (
    <dl className={className} aria-label={label}>
      {facts.map((fact) => (
        <div key={fact.key ?? fact.label}>
          <dt>
            {fact.help ? (
              <span className={classes.withHelp}>
                {fact.label}
                {fact.help}
              </span>
            ) : (
              fact.label
            )}
          </dt>
          <dd>{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}
