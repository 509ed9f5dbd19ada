/**
 * The two rights this feature asks for, and where each lives: the botón de arrepentimiento (Ley 24.240
 * art. 34) at /arrepentimiento and the botón de baja (SSN Res. 360/2024, Res. 435/2025) at /baja; the
 * e-mailed link of a signed-out request opens `<page>/confirmar?token=…`.
 */
import type { RightsKind } from '@cubierto/contracts';

/** The API's path of each kind, under /rights (signed out) and /customers/rights (signed in). */
export const API_PATH: Record<RightsKind, string> = { withdrawal: 'withdrawals', baja: 'bajas' };

/** The page of each kind. */
export const PAGE_PATH: Record<RightsKind, string> = { withdrawal: '/arrepentimiento', baja: '/baja' };

/** Call sites of the central error handler (spec §8). */
export const ERROR_SITE = { eligible: 240, customerRequest: 241, publicRequest: 242, confirm: 243 } as const;
