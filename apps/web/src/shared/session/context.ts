/**
 * The user's market context (spec §4, §9): recovered from the server only when there is a token; when the
 * user has none yet, the fixed context 'ar' is chosen for them. Stored so the client sends it as Context-Id.
 */
import { type Context, ContextSchema } from '@cubierto/contracts';
import { z } from 'zod';
import { api } from '../api/client.ts';
import { StorageKey, storage } from '../storage/storage.ts';

export const DEFAULT_CONTEXT_NAME = 'ar';

export async function recoverContext(): Promise<Context | null> {
  const token = await storage.get<string>(StorageKey.token);
  if (!token) return null;
  const current = z
    .object({ data: ContextSchema.nullable() })
    .parse(await api.get('/customers/user/context')).data;
  if (current) {
    await storage.set(StorageKey.context, current);
    return current;
  }
  const contexts = z
    .object({ data: z.array(ContextSchema) })
    .parse(await api.get('/common/contexts', { query: { sort_by: 'id' } })).data;
  const chosen = contexts.find((context) => context.name === DEFAULT_CONTEXT_NAME) ?? contexts[0];
  if (!chosen) return null;
  await api.put('/customers/user/update-context', { context_id: chosen.id });
  await storage.set(StorageKey.context, chosen);
  return chosen;
}
