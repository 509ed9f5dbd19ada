/**
 * The insured object or people of an insurance, readable: the answers of its "risk" step turned into
 * labelled facts (brand, IMEI, plate, address …) and people (insured, travellers, beneficiaries) with the
 * labels of spec §3 (gender, trip type).
 */
import { GENDER_LABELS, TRIP_TYPE_LABELS } from '@cubierto/contracts';
import { formatCents, formatDay } from '../../../shared/format/format.ts';
import type { Fact } from '../../../shared/ui/fact-list.tsx';

type Translate = (key: string, options?: Record<string, unknown>) => string;
type Data = Record<string, unknown>;

export type PersonLine = { name: string; details: string };
export type PeopleGroup = { title: string; people: PersonLine[] };
export type RiskFacts = { facts: Fact[]; people: PeopleGroup[] };

const text = (value: unknown): string =>
  value === undefined || value === null || String(value).trim() === '' ? '' : String(value).trim();

const record = (value: unknown): Data => (value && typeof value === 'object' ? (value as Data) : {});

const list = (value: unknown): Data[] => (Array.isArray(value) ? value.map(record) : []);

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

function amount(value: unknown): string {
  return typeof value === 'number' ? formatCents(value) : '';
}

/** Labelled facts, leaving out the ones without a value. */
function facts(t: Translate, pairs: Array<[key: string, value: string]>): Fact[] {
  return pairs
    .filter(([, value]) => value !== '')
    .map(([key, value]) => ({ label: t(`insurances.risk.${key}`), value }));
}

function addressFacts(a: Data): Array<[string, string]> {
  const floor = [text(a.floor_block), text(a.apartment_house)].filter(Boolean).join(' / ');
  return [
    ['street', [text(a.street), text(a.street_number)].filter(Boolean).join(' ')],
    ['floorApartment', floor],
    ['locality', text(a.locality_name)],
    ['state', text(a.state_name)],
    ['zipCode', text(a.zip_code)],
  ];
}

export function riskFacts(kind: string, data: Data, t: Translate): RiskFacts {
  const people: PeopleGroup[] = [];
  const peopleOf = (title: string, items: PersonLine[]) => {
    if (items.length > 0) people.push({ title: t(`insurances.risk.${title}`), people: items });
  };
  switch (kind) {
    case 'cell-phone':
      return {
        facts: facts(t, [
          ['brandModel', [text(data.brand), text(data.model)].filter(Boolean).join(' ')],
          ['imei', text(data.imei)],
          ['serialNumber', text(data.serial_number)],
          ['insuredAmount', amount(data.insured_amount_cents)],
        ]),
        people,
      };
    case 'bicycle':
      return {
        facts: facts(t, [
          ['brandModel', [text(data.brand), text(data.model)].filter(Boolean).join(' ')],
          ['frameNumber', text(data.frame_number)],
          ['wheelSize', text(data.wheel_size)],
        ]),
        people,
      };
    case 'motorcycle':
      return {
        facts: facts(t, [
          ['brand', text(data.brand)],
          ['model', text(data.model)],
          ['year', text(data.year)],
          ['engineNumber', text(data.engine_number)],
          ['chassisNumber', text(data.chassis_number)],
          ['plate', text(data.plate)],
        ]),
        people,
      };
    case 'specific-vehicle-cargo':
      return {
        facts: facts(t, [
          ['plate', text(data.plate)],
          ['cargo', text(data.cargo_description)],
        ]),
        people,
      };
    case 'home':
    case 'store':
      return {
        facts: facts(t, [
          ...addressFacts(record(data.address)),
          ['businessActivity', text(data.business_activity)],
        ]),
        people,
      };
    case 'personal-accident':
    case 'life':
    case 'telemedicine':
      peopleOf('insured', data.insured ? [person(record(data.insured), t)] : []);
      peopleOf(
        'beneficiaries',
        list(data.beneficiaries).map((b) => beneficiary(b, t)),
      );
      return { facts: facts(t, [['activity', text(data.activity)]]), people };
    case 'travel-assistance':
      peopleOf(
        'travellers',
        list(data.travellers).map((p) => person(p, t)),
      );
      return {
        facts: facts(t, [
          ['tripType', TRIP_TYPE_LABELS[data.trip_type as keyof typeof TRIP_TYPE_LABELS] ?? ''],
          ['destination', text(data.destination)],
        ]),
        people,
      };
    case 'protected-purchase':
      return {
        facts: facts(t, [
          ['product', text(data.product_description)],
          ['storeName', text(data.store_name)],
          ['purchaseDate', formatDay(text(data.purchase_date))],
          ['purchaseAmount', amount(data.insured_amount_cents)],
        ]),
        people,
      };
    case 'bag':
      return {
        facts: facts(t, [['description', text(data.description) || t('insurances.risk.noDescription')]]),
        people,
      };
    default:
      return { facts: [], people };
  }
}
