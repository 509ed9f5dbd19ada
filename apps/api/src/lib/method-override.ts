/**
 * The app sends a PUT with a form-data body as POST with a `_method=PUT` field (spec §7).
 * Routes that take form data declare `method: putOrFormPost` and this preValidation hook: a POST without
 * the override is refused, so POST never silently acts as PUT.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

export const putOrFormPost: ['PUT', 'POST'] = ['PUT', 'POST'];

export async function requirePutOverride(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (request.method !== 'POST') return;
  const body = request.body as Record<string, unknown> | undefined;
  const override = body && typeof body === 'object' ? body._method : undefined;
  if (typeof override !== 'string' || override.toUpperCase() !== 'PUT') {
    throw new AppError('method_not_allowed', { message: 'Usá PUT, o POST con el campo _method=PUT.' });
  }
}
