/**
 * What the insurance page asks for, started by its route's loader beside the page's code
 * (app/router.tsx): the page's query finds the answer cached or in flight and asks nothing again.
 */
import type { QueryClient } from '@tanstack/react-query';
import { insuranceQueryOptions } from './insurance.ts';

export async function prefetchInsurance(queryClient: QueryClient, insuranceId: number): Promise<void> {
  if (Number.isInteger(insuranceId)) await queryClient.prefetchQuery(insuranceQueryOptions(insuranceId));
}
