/**
 * POST /customers/entities: a person (DNI) or a business (CUIT) the customer acts for, up to 50 (spec §9;
 * a 409 past the limit). A 422 names the field: a bad CUIT, or a document already among theirs.
 */
import { type Entity, EntitySchema, type NewEntity } from '@cubierto/contracts';
import { z } from 'zod';
import { api } from '../../../shared/api/client.ts';

export async function createEntity(entity: NewEntity): Promise<Entity> {
  return z.object({ data: EntitySchema }).parse(await api.post('/customers/entities', entity)).data;
}
