import { describe, expect, it } from 'vitest';
import {
  CLAIM_STATUSES,
  checkClaimTransition,
  checkIncidentDate,
  claimRiskLabel,
  nextClaimStatuses,
} from './claims.ts';

describe('claim status rules (DOMAIN.md: recibido → en_revision → aprobado | rechazado; aprobado → pagado)', () => {
  it.each([
    ['recibido', 'en_revision'],
    ['en_revision', 'aprobado'],
    ['en_revision', 'rechazado'],
    ['aprobado', 'pagado'],
  ] as const)('allows %s → %s', (from, to) => {
    const transition = {
      to,
      message: to === 'rechazado' ? 'Sin cobertura para este hecho' : undefined,
      amountCents: to === 'aprobado' ? 150_000 : null,
    };
    expect(checkClaimTransition(from, transition)).toBeNull();
  });

  it('refuses every other move, naming the ones that are allowed', () => {
    const allowed = new Set([
      'recibido>en_revision',
      'en_revision>aprobado',
      'en_revision>rechazado',
      'aprobado>pagado',
    ]);
    for (const from of CLAIM_STATUSES)
      for (const to of CLAIM_STATUSES) {
        if (allowed.has(`${from}>${to}`)) continue;
        const problem = checkClaimTransition(from, {
          to,
          message: 'x',
          amountCents: to === 'aprobado' ? 1 : null,
        });
        expect(problem?.field, `${from} → ${to}`).toBe('status');
      }
    expect(checkClaimTransition('recibido', { to: 'pagado' })?.message).toBe(
      'Un reclamo recibido solo puede pasar a: En revisión.',
    );
    expect(checkClaimTransition('pagado', { to: 'pagado' })?.message).toBe(
      'Un reclamo pagado ya no cambia de estado.',
    );
  });

  it('needs an amount to approve, and only then', () => {
    expect(checkClaimTransition('en_revision', { to: 'aprobado' })).toEqual({
      field: 'approved_amount_cents',
      message: 'Indicá el importe aprobado.',
    });
    expect(checkClaimTransition('en_revision', { to: 'aprobado', amountCents: 0 })?.field).toBe(
      'approved_amount_cents',
    );
    expect(checkClaimTransition('recibido', { to: 'en_revision', amountCents: 100 })?.field).toBe(
      'approved_amount_cents',
    );
  });

  it('needs the reason of a rejection', () => {
    expect(checkClaimTransition('en_revision', { to: 'rechazado', message: '  ' })).toEqual({
      field: 'message',
      message: 'Indicá el motivo del rechazo.',
    });
  });

  it('ends in rechazado and pagado', () => {
    expect(nextClaimStatuses('rechazado')).toEqual([]);
    expect(nextClaimStatuses('pagado')).toEqual([]);
  });
});

describe('incident date within the cover', () => {
  const cover = { startsOn: '2026-01-10', endsOn: '2026-03-10' };
  it('accepts the first and the last day of cover, up to today', () => {
    expect(checkIncidentDate('2026-01-10', cover, '2026-02-01')).toBeNull();
    expect(checkIncidentDate('2026-02-01', cover, '2026-02-01')).toBeNull();
    expect(checkIncidentDate('2026-03-10', cover, '2026-04-01')).toBeNull();
  });
  it('refuses a day before or after the cover, and a future day', () => {
    expect(checkIncidentDate('2026-01-09', cover, '2026-02-01')).toMatch(/vigencia/);
    expect(checkIncidentDate('2026-03-11', cover, '2026-04-01')).toMatch(/vigencia/);
    expect(checkIncidentDate('2026-02-02', cover, '2026-02-01')).toBe(
      'La fecha del siniestro no puede ser futura.',
    );
  });
});

describe('risk label', () => {
  it('names the object, the plate, the address or the person', () => {
    expect(claimRiskLabel('Celular', { brand: 'Samsung', model: 'A54', imei: '1' })).toBe(
      'Celular: Samsung A54',
    );
    expect(claimRiskLabel('Bolso', { description: 'Mochila negra' })).toBe('Bolso: Mochila negra');
    expect(claimRiskLabel('Hogar', { address: { street: 'Corrientes', street_number: 1234 } })).toBe(
      'Hogar: Corrientes 1234',
    );
    expect(claimRiskLabel('Vida', {})).toBe('Vida');
  });
});
