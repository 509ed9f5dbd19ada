/**
 * The full-screen loading overlay (spec §2 item 7, §9): one at a time, with a text ('Cargando información'
 * by default) and an automatic dismissal after 60 s so a lost promise never locks the app.
 */
import { useSyncExternalStore } from 'react';
import { t } from '../i18n/i18n.ts';

export const LOADING_DEFAULT_DURATION = 60_000;

export type LoadingState = { text: string } | null;

let state: LoadingState = null;
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function emit(next: LoadingState) {
  state = next;
  for (const listener of listeners) listener();
}

/** Shows the overlay; returns a function that hides it (only if it is still this overlay). */
export function showLoading(text?: string, duration = LOADING_DEFAULT_DURATION): () => void {
  clearTimeout(timer);
  const current = { text: text ?? t('loading.default') };
  emit(current);
  timer = setTimeout(() => hideLoading(), duration);
  return () => {
    if (state === current) hideLoading();
  };
}

export function hideLoading(): void {
  clearTimeout(timer);
  if (state !== null) emit(null);
}

export function getLoadingState(): LoadingState {
  return state;
}

export function useLoadingState(): LoadingState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
    () => null,
  );
}
