/**
 * Who is using the app right now, in memory, for the UI to react to: still starting (reading storage,
 * renewing the token), anonymous or signed in, and whether the menus are disabled (maintenance, spec §4).
 * The token itself lives in storage. Whoever caches per-user data listens to `onSessionChange` and drops
 * it when a session begins or ends.
 */
import type { TokenResponse } from '@cubierto/contracts';
import { useSyncExternalStore } from 'react';
import { StorageKey, storage } from '../storage/storage.ts';

export type SessionStatus = 'starting' | 'anonymous' | 'authenticated';
export type SessionState = { status: SessionStatus; menusDisabled: boolean };

let state: SessionState = { status: 'starting', menusDisabled: false };
const listeners = new Set<() => void>();
const changeListeners = new Set<() => void>();

export function getSessionState(): SessionState {
  return state;
}

export function setSessionState(patch: Partial<SessionState>): void {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

export function useSessionState(): SessionState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
    () => state,
  );
}

/**
 * Resolves with the session once it has started (signed in or anonymous): a route's loader that asks for
 * the customer's data beside the page's code waits for the token to be known, never calls without it.
 */
export function sessionSettled(): Promise<SessionState> {
  if (state.status !== 'starting') return Promise.resolve(state);
  return new Promise((resolve) => {
    const listener = () => {
      if (state.status === 'starting') return;
      listeners.delete(listener);
      resolve(state);
    };
    listeners.add(listener);
  });
}

/** Called whenever a user signs in or the session ends, so per-user caches can be dropped. */
export function onSessionChange(listener: () => void): () => void {
  changeListeners.add(listener);
  return () => changeListeners.delete(listener);
}

function announceSessionChange(): void {
  for (const listener of changeListeners) listener();
}

/** Keeps a new token and its renewal date (login, registration). */
export async function saveSession(token: TokenResponse): Promise<void> {
  await storeToken(token);
  announceSessionChange();
  setSessionState({ status: 'authenticated', menusDisabled: false });
}

/** Replaces the token of the same user (renewal): nothing cached about them changes. */
export async function storeToken(token: TokenResponse): Promise<void> {
  await storage.set(StorageKey.token, token.access_token);
  await storage.set(StorageKey.renewOn, token.renew_on);
}

/** The session is over (sign-out, 401, maintenance); storage is cleared by the caller. */
export function endSession(patch: Partial<SessionState> = {}): void {
  announceSessionChange();
  setSessionState({ ...patch, status: 'anonymous' });
}
