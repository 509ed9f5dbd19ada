/**
 * The operator's session in this tab: its bearer token and end, in sessionStorage (gone with the tab,
 * never mixed with a customer's token in the app's storage). Operator sessions last hours, not days.
 */
import { useSyncExternalStore } from 'react';

const KEY = 'cubierto-operator-session';
type StoredSession = { token: string; expiresAt: string };

const listeners = new Set<() => void>();
let cached: StoredSession | null | undefined;

function read(): StoredSession | null {
  if (cached !== undefined) return cached;
  try {
    const raw = sessionStorage.getItem(KEY);
    cached = raw ? (JSON.parse(raw) as StoredSession) : null;
  } catch {
    cached = null;
  }
  if (cached && new Date(cached.expiresAt).getTime() <= Date.now()) cached = null;
  return cached;
}

function announce(): void {
  for (const listener of listeners) listener();
}

export function operatorToken(): string | null {
  return read()?.token ?? null;
}

export function saveOperatorSession(token: string, expiresAt: string): void {
  cached = { token, expiresAt };
  sessionStorage.setItem(KEY, JSON.stringify(cached));
  announce();
}

export function clearOperatorSession(): void {
  cached = null;
  sessionStorage.removeItem(KEY);
  announce();
}

/** Whether an operator is signed in in this tab (re-renders on sign-in and sign-out). */
export function useOperatorSignedIn(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => operatorToken() !== null,
  );
}
