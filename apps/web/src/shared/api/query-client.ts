/**
 * The app's one TanStack Query client, used by the signed-in area. Errors are shown by the caller through
 * the central error handler, never globally, because some calls must fail silently (spec §8). Everything
 * cached belongs to one user, so it is dropped whenever a session begins or ends.
 */
import { QueryClient } from '@tanstack/react-query';
import { onSessionChange } from '../session/session-store.ts';
import { ApiError } from './api-error.ts';

function shouldRetry(failureCount: number, error: unknown): boolean {
  // Client errors, session and maintenance answers will not change on a retry.
  if (error instanceof ApiError && error.status >= 400 && (error.status < 500 || error.status === 503))
    return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 60_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();

onSessionChange(() => queryClient.clear());
