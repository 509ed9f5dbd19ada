/** GET /customers/entities/search?document=…: the customer's own people and businesses with that DNI or CUIT. */
import { dataOf, type Entity, EntitySchema } from '@cubierto/contracts';
import { z } from 'zod';
import { api } from '../../../shared/api/client.ts';

export async function searchEntities(document: string): Promise<Entity[]> {
  return dataOf(z.array(EntitySchema)).parse(
    await api.get('/customers/entities/search', { query: { document } }),
  ).data;
}
