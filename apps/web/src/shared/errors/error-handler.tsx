/**
 * The central error handler (spec §8). Every failed call that the user should hear about comes here with
 * the numeric code of its call site. No answer at all → the apology toast; otherwise the body's message as
 * heading, its validations one per line in italics and 'Código: {error_code}'; an empty body →
 * 'Problemas al obtener resultados'. 401 and 503 were already handled by the session and show nothing.
 */
import { Stack, Text } from '@mantine/core';
import { ApiError } from '../api/api-error.ts';
import { t } from '../i18n/i18n.ts';
import { reportError } from '../observability/error-reporting.ts';
import { showToast } from '../toasts/toasts.tsx';

export type ErrorDescription =
  | { kind: 'unreachable' }
  | { kind: 'empty' }
  | { kind: 'detailed'; title: string | null; validations: string[]; code: string | null };

function flatten(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  if (typeof value === 'string') return value.trim() ? [value] : [];
  if (Array.isArray(value)) return value.flatMap(flatten);
  if (typeof value === 'object') return Object.values(value).flatMap(flatten);
  return [String(value)];
}

/** What the toast of an error says, without showing it. */
export function describeError(error: unknown): ErrorDescription {
  if (!(error instanceof ApiError) || error.status === 0 || !error.body) return { kind: 'unreachable' };
  const { message, validations, error_code } = error.body;
  const title = flatten(message).join(' ') || null;
  const lines = flatten(validations);
  const code = error_code || null;
  if (!title && lines.length === 0 && !code) return { kind: 'empty' };
  return { kind: 'detailed', title, validations: lines, code };
}

/**
 * Shows the error to the user and reports it (observability/error-reporting.ts: to the session recording,
 * and to the API when unexpected). `site` identifies the call site (spec §8: 1 social sign-in, 2 user load
 * after sign-in, 11 policy fetch …) and goes with the report.
 */
export function handleError(error: unknown, site?: number): void {
  if (error instanceof ApiError && error.handled) return;
  reportError(error, { kind: 'handled', ...(site !== undefined ? { site } : {}) });
  if (import.meta.env.DEV && import.meta.env.MODE !== 'test') console.warn(`[error ${site ?? '-'}]`, error);
  const description = describeError(error);
  switch (description.kind) {
    case 'unreachable':
      showToast({ type: 'danger', message: t('errors.unreachable') });
      return;
    case 'empty':
      showToast({ type: 'danger', message: t('errors.empty') });
      return;
    case 'detailed':
      showToast({
        type: 'danger',
        title: description.title ?? undefined,
        message: (
          <Stack gap={2}>
            {description.validations.map((line) => (
              <Text key={line} size="sm" fs="italic" c="var(--mantine-color-text)">
                {line}
              </Text>
            ))}
            {description.code && (
              <Text size="xs" c="dimmed">
                {t('errors.code', { code: description.code })}
              </Text>
            )}
          </Stack>
        ),
      });
  }
}
