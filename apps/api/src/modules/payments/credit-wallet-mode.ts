/**
 * Credit wallet mode (spec §1, §9; CREDIT_WALLET_MODE, on by default): while it is off the credit wallet,
 * paying with it and the imports it pays do not exist for customers.
 */
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.ts';

const OFF_MESSAGE = 'Mi crédito no está disponible.';

/** Hook of the routes that exist only in credit wallet mode (Mi crédito, the imports): 404 while off. */
export async function requireCreditWalletMode(request: FastifyRequest): Promise<void> {
  if (!request.server.deps.config.creditWalletMode) throw new AppError('not_found', { message: OFF_MESSAGE });
}

/** Paying with the credit wallet while the mode is off is a refused choice of method, like any other. */
export function refuseCreditWalletWhenOff(request: FastifyRequest, method: string): void {
  if (method === 'credit_wallet' && !request.server.deps.config.creditWalletMode)
    throw new AppError('validation_failed', { validations: { method: [OFF_MESSAGE] } });
}
