/**
 * The insured object or people of an insurance, readable: the answers of its "risk" step turned into
 * labelled facts (brand, IMEI, plate, address …) and people (insured, travellers, beneficiaries) with the
 * labels of spec §3 (gender, trip type).
 */
import { GENDER_LABELS, isRiskTypeCode, type RiskFact, riskTypeRule } from '@cubierto/contracts';
import { formatCents, formatDay } from '../../../shared/format/format.ts';
import type { Fact } from '../../../shared/ui/fact-list.tsx';

type Translate = (key: string, options?: Record<string, unknown>) => string;
type Data = Record<string, unknown>;

export type PersonLine = { name: string; details: string };
export type PeopleGroup = { title: string; people: PersonLine[] };
export type RiskFacts = { facts: Fact[]; people: PeopleGroup[] };

const text = (value: unknown): string =>
  value === undefined || value === null || String(value).trim() === '' ? '' : String(value).trim();

function person(p: Data, t: Translate): PersonLine {
  const gender = GENDER_LABELS[p.gender as keyof typeof GENDER_LABELS];
  const details = [
    text(p.dni) && t('insurances.risk.dni', { dni: text(p.dni) }),
    text(p.birth_date) && t('insurances.risk.bornOn', { date: formatDay(text(p.birth_date)) }),
    gender,
  ];
  return {
    name: [text(p.first_name), text(p.last_name)].filter(Boolean).join(' '),
    details: details.filter(Boolean).join(' · '),
  };
}

function beneficiary(b: Data, t: Translate): PersonLine {
  const details = [
    text(b.dni) && t('insurances.risk.dni', { dni: text(b.dni) }),
    text(b.relationship),
    b.percentage !== undefined && `${text(b.percentage)}%`,
  ];
  return {
    name: [text(b.first_name), text(b.last_name)].filter(Boolean).join(' '),
    details: details.filter(Boolean).join(' · '),
  };
}

/** A fact's value as the page shows it; '' leaves the fact out. */
function factValue(fact: RiskFact, t: Translate): string {
  if ('cents' in fact) return typeof fact.cents === 'number' ? formatCents(fact.cents) : '';
  if ('day' in fact) return formatDay(fact.day);
  return fact.text || (fact.fallbackKey ? t(`insurances.risk.${fact.fallbackKey}`) : '');
}

/** The facts and people of a risk, as its risk type's definition lists them (contracts' registry). */
export function riskFacts(kind: string, data: Data, t: Translate): RiskFacts {
  if (!isRiskTypeCode(kind)) return { facts: [], people: [] };
  const sheet = riskTypeRule(kind).facts(data);
  const facts = sheet.facts
    .map((fact) => ({ label: t(`insurances.risk.${fact.label}`), value: factValue(fact, t) }))
    .filter((fact) => fact.value !== '');
  const people = sheet.people
    .filter((group) => group.people.length > 0)
    .map((group) => ({
      title: t(`insurances.risk.${group.title}`),
      people: group.people.map((p) => (group.role === 'beneficiary' ? beneficiary(p, t) : person(p, t))),
    }));
  return { facts, people };
}
