/** DELETE /customers/insurance-processes/{id}: the customer gives up a contract in progress. */
import { api } from './client.ts';

export async function discardProcess(processId: number): Promise<void> {
  await api.delete(`/customers/insurance-processes/${processId}`);
}
