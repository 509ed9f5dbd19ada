/**
 * The states of a page that shows one thing read by id, around what the page draws once it is there: an
 * id that is malformed or that the API does not know (`not_found`) shows the page's own notice, a failed
 * read its load error with a retry, the first read a skeleton. The page only says how each reads.
 *
 *   <DetailStates query={query} valid={Number.isInteger(id)} width={640} back={back}
 *     notFound={<Alert … />} loadError={{ description: t('wallets.movement.loadError') }}
 *     skeleton={<Skeleton h={200} radius="lg" />}>
 *     {(movement) => …}
 *   </DetailStates>
 */
import { Stack } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isNotFound } from '../api/api-error.ts';
import { LoadError } from './load-error.tsx';

type DetailStatesProps<T> = {
  query: Pick<UseQueryResult<T>, 'data' | 'error' | 'isError' | 'refetch'>;
  /** False when the address holds no usable id: the not-found notice, without asking the API. */
  valid?: boolean;
  /** The page's width (its column is centred). */
  width: number;
  /** Shown above the not-found notice and the load error (e.g. a back link). */
  back?: ReactNode;
  notFound: ReactNode;
  loadError: { title?: string; description: string };
  /** The placeholder blocks shown while the first read is under way. */
  skeleton: ReactNode;
  children: (data: T) => ReactNode;
};

export function DetailStates<T>({
  query,
  valid = true,
  width,
  back,
  notFound,
  loadError,
  skeleton,
  children,
}: DetailStatesProps<T>) {
  const { t } = useTranslation();
  if (!valid || isNotFound(query.error))
    return (
      <Stack gap="md" maw={width} mx="auto">
        {back}
        {notFound}
      </Stack>
    );
  if (query.isError)
    return (
      <Stack gap="md" maw={width} mx="auto">
        {back}
        <LoadError
          title={loadError.title}
          description={loadError.description}
          onRetry={() => void query.refetch()}
        />
      </Stack>
    );
  if (query.data === undefined)
    return (
      <Stack gap="lg" maw={width} mx="auto" role="status" aria-busy="true" aria-label={t('loading.default')}>
        {skeleton}
      </Stack>
    );
  return children(query.data);
}
