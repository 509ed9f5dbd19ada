/**
 * Toasts (spec §8): 10 s by default, at most two on screen (the oldest goes), a coloured icon by type and
 * a 'Cerrar' button. Mantine's notifications draw them; that code is loaded with the first toast so it
 * stays out of the first page's bundle. Mount <ToastHost /> once.
 */
import { lazy, Suspense, useSyncExternalStore } from 'react';

export type ToastType = 'success' | 'danger' | 'warning' | 'info';

export const TOAST_DEFAULT_DURATION = 10_000;
export const TOAST_LIMIT = 2;

export type ToastOptions = {
  type?: ToastType;
  title?: React.ReactNode;
  message: React.ReactNode;
  /** Milliseconds on screen; `false` keeps it until closed. */
  duration?: number | false;
  /** Buttons before 'Cerrar' (spec §8: 'Descargar', 'Instalar'); each closes the toast too. */
  actions?: { label: string; onClick: () => void }[];
};

const loadRenderer = () => import('./toast-renderer.tsx');
let renderer: ReturnType<typeof loadRenderer> | undefined;
let hostWanted = false;
const listeners = new Set<() => void>();

function ensureRenderer() {
  if (!renderer) {
    renderer = loadRenderer();
    hostWanted = true;
    for (const listener of listeners) listener();
  }
  return renderer;
}

export function showToast(options: ToastOptions): void {
  void ensureRenderer().then((module) => module.renderToast(options));
}

export function hideAllToasts(): void {
  void renderer?.then((module) => module.hideAllToasts());
}

const ToastContainer = lazy(async () => ({ default: (await ensureRenderer()).ToastContainer }));

export function ToastHost() {
  const wanted = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => hostWanted,
    () => false,
  );
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer />
    </Suspense>
  );
}
