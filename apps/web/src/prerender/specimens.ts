/**
 * Made-up answers the build draws the pages drawn per request with (pages.ts, `withData`), only to learn
 * which CSS rules their content uses: the page's head inlines those rules (build-prerender.ts), so the
 * plans or the verdict the server draws are styled from the first paint, before the stylesheets arrive.
 * Nothing drawn from them is written into a page: no price, no verdict is ever baked in.
 */
import type { CertificateCheck, InsuredService } from '@cubierto/contracts';
import { coverageOf, pageMeta, policyOf } from '../../test/catalog-fixtures.ts';
import { APP_VERSION, CERTIFICATE_CHECK, INSURED_SERVICE, RISK_TYPE_CATALOGUE } from './pages.ts';
import type { ApiAnswers } from './render.tsx';

const insuredService: InsuredService = {
  responsible: 'Ana Pérez',
  deputy: 'Juan Gómez',
  phone: '0800-000-0000',
  email: 'asegurados@example.com',
  hours: 'Lunes a viernes de 9 a 18',
  ssn_line: '0800-666-8400',
  policy_copy: 'Pedila por email.',
  claim_report: 'Desde la app.',
  updated_at: null,
};

const check: CertificateCheck = {
  number: 'CUB-2025-0000001',
  in_force: true,
  status: 'vigente',
  status_label: 'Vigente',
  risk_type: 'Celular',
  policy: 'Celular Protegido',
  company: 'Aseguradora S.A.',
  starts_on: '2025-11-01',
  ends_on: '2026-04-30',
  in_force_from: null,
  holder_initials: 'A. P.',
  checked_on: '2025-11-15',
};

const ok = (data: unknown) => ({ status: 200, body: { data } });

/** Each page's specimens: every look its content can take (an insurer's own site, each verdict). */
export function specimensOf(path: string): ApiAnswers[] {
  // Every social sign-in button (each has its provider's colours).
  if (path === '/login') {
    const social = { google: true, facebook: true, apple: true };
    const version = { id: 1, version: '1.0.0', platform: 'web', active: true, social };
    return [{ [APP_VERSION]: { status: 200, body: { data: [version], meta: pageMeta(1) } } }];
  }
  const footer = { [INSURED_SERVICE]: ok(insuredService) };
  if (path.startsWith('/productos/')) {
    const policies = [
      policyOf(),
      policyOf({
        id: 3,
        external_url: 'https://insurer.example/cotizar',
        coverages: [coverageOf({ id: 5, policy_id: 3 })],
      }),
    ];
    return [
      { ...footer, [RISK_TYPE_CATALOGUE]: { status: 200, body: { data: policies, meta: pageMeta(2) } } },
      { ...footer, [RISK_TYPE_CATALOGUE]: { status: 200, body: { data: [], meta: pageMeta(0) } } },
    ];
  }
  if (path === '/verificar/*')
    return [
      { ...footer, [CERTIFICATE_CHECK]: ok(check) },
      { ...footer, [CERTIFICATE_CHECK]: ok({ ...check, in_force: false, in_force_from: '2025-12-01' }) },
      { ...footer, [CERTIFICATE_CHECK]: ok({ ...check, in_force: false, status: 'finalizado' }) },
      {
        ...footer,
        [CERTIFICATE_CHECK]: { status: 404, body: { message: 'No encontrada.', error_code: 'not_found' } },
      },
    ];
  return [];
}
