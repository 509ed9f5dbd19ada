/**
 * The certificate's layout (issue 19 item 9): for every risk type, with its longest labels and long
 * values, no two runs of text overlap on any page; the assistance phone is printed where the coverage has
 * one; no line is printed twice.
 */
import { formatArs, RISK_TYPE_CODES, type RiskTypeCode, riskTypeRule } from '@cubierto/contracts';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { riskAnswers } from '../../../test/contracting.ts';
import { type CertificateInsurance, certificatePdf } from './certificate.ts';

const LONG =
  'con un texto largo que no entra en una sola línea de la constancia y tiene que pasar a la siguiente';
const PHONE = '0800-222-6342 (desde el exterior: +54 11 5235-0190, también por WhatsApp)';

/** The risk's answers as issued, every text made long; six travellers for travel assistance. */
function longRisk(code: RiskTypeCode): Record<string, unknown> {
  const data = riskAnswers(code, { stateId: 1, localityId: 1 });
  const lengthen = (value: unknown): unknown => {
    if (typeof value === 'string' && !/^\d{4}-\d{2}-\d{2}$/.test(value) && !/^[mfb]$/.test(value))
      return value.length > 12 ? `${value} ${LONG}` : value;
    if (Array.isArray(value)) return value.map(lengthen);
    if (value && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, lengthen(v)]));
    return value;
  };
  const long = lengthen(data) as Record<string, unknown>;
  if (long.address)
    long.address = {
      ...(long.address as object),
      locality_name: 'Villa General San Martín de los Andes del Sur',
      state_name: 'Tierra del Fuego, Antártida e Islas del Atlántico Sur',
    };
  if (code === 'travel-assistance')
    long.travellers = Array.from({ length: 6 }, (_, i) => ({
      ...(long.travellers as Array<Record<string, unknown>>)[0],
      first_name: `María de los Ángeles ${i + 1}`,
      last_name: 'Fernández de la Fuente Echeverría',
    }));
  return long;
}

function insuranceOf(code: RiskTypeCode): CertificateInsurance {
  const rule = riskTypeRule(code);
  const description: Record<string, number | string> = {};
  for (const field of rule.descriptionFields) {
    if (field.kind === 'amount') {
      description[field.key] = 123_456_789_00;
      description[`${field.key}_nice`] = formatArs(123_456_789_00);
    } else if (field.kind === 'count') description[field.key] = 12;
    else description[field.key] = field.key === 'assistance_phone' ? PHONE : `10% del valor ${LONG}`;
  }
  const premium = {
    net_cents: 1,
    surcharges_cents: 1,
    taxes_cents: 1,
    total_cents: 3,
    net_nice: '$ 1.234.567,89',
    surcharges_nice: '$ 61.728,39',
    taxes_nice: '$ 272.222,22',
    total_nice: '$ 1.568.518,50',
  };
  // What the certificate reads of an insurance; the rest of the detail is not printed.
  return {
    number: 'CUB-2026-0000012',
    status_label: 'Vigente',
    risk_type: { short_code: code, name: rule.name },
    policy: {
      id: 1,
      name: `Póliza de ${rule.name} con un nombre comercial muy largo`,
      company: { legal_name: 'Andina Compañía Argentina de Seguros Generales y Patrimoniales S.A.' },
    },
    coverage: { public_name: `Plan ${LONG}`, description },
    starts_on: '2026-03-10',
    ends_on: '2027-03-09',
    taker: {
      name: 'María de los Ángeles Fernández de la Fuente Echeverría',
      document_type: 'DNI',
      document_number: '30123456',
    },
    risks: [{ id: 1, kind: code, data: longRisk(code), photo_file_ids: [] }],
    special_clauses: rule.specialClauses ? `Cláusula de no repetición ${LONG} ${LONG}` : null,
    premium,
    verification_code: 'ABCD1234EFGH',
  } as unknown as CertificateInsurance;
}

type Run = { str: string; x0: number; x1: number; y0: number; y1: number };

async function runsOf(pdf: Buffer): Promise<{ pages: Run[][]; text: string }> {
  const doc = await getDocumentProxy(new Uint8Array(pdf));
  const pages: Run[][] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    const runs: Run[] = [];
    for (const item of content.items) {
      if (!('str' in item) || item.str.trim() === '') continue;
      const [, , , , x, y] = item.transform as number[];
      runs.push({ str: item.str, x0: x!, x1: x! + item.width, y0: y!, y1: y! + item.height });
    }
    pages.push(runs);
  }
  const { text } = await extractText(doc, { mergePages: true });
  return { pages, text };
}

/** Two runs overlap when their boxes share more than a hair (half a point) both ways. */
const overlap = (a: Run, b: Run) =>
  Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0) > 0.5 && Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0) > 0.5;

describe('certificate layout', () => {
  it.each(RISK_TYPE_CODES)('%s: long labels and values wrap without overlapping', async (code) => {
    const { pages, text } = await runsOf(
      await certificatePdf(insuranceOf(code), 'https://cubierto.example/verificar/ABCD1234EFGH'),
    );
    for (const [page, runs] of pages.entries())
      for (let i = 0; i < runs.length; i++)
        for (let j = i + 1; j < runs.length; j++)
          expect(
            overlap(runs[i]!, runs[j]!),
            `page ${page + 1}: "${runs[i]!.str}" over "${runs[j]!.str}"`,
          ).toBe(false);
    const flat = text.replace(/\s+/g, ' ');
    const longest = riskTypeRule(code)
      .descriptionFields.map((f) => f.label)
      .reduce((a, b) => (b.length > a.length ? b : a), '');
    for (const word of longest.split(' ')) expect(flat).toContain(word);
    expect(flat).toContain('Premio');
  });

  it('travel assistance prints the assistance phone first, once', async () => {
    const { text } = await runsOf(
      await certificatePdf(insuranceOf('travel-assistance'), 'https://x.example/v'),
    );
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('Asistencia y emergencias');
    expect(flat.indexOf('0800-222-6342')).toBeLessThan(flat.indexOf('Contratación'));
    expect(flat.split('0800-222-6342').length - 1).toBe(1);
  });

  it('a coverage without a phone prints no assistance section; the franchise of a phone is printed once', async () => {
    const { text } = await runsOf(await certificatePdf(insuranceOf('cell-phone'), 'https://x.example/v'));
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).not.toContain('Asistencia y emergencias');
    expect(flat.split('Franquicia').length - 1).toBe(1);
    expect(flat).not.toContain('Deducible');
  });
});
