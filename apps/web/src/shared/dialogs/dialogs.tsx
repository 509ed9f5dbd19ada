/**
 * Dialogs that resolve to the spec's `{ role, data }` (spec §2 items 2 and 4, §4): 'cancel' from the close
 * icon, 'confirm' from a button, 'backdrop' from Escape or a click outside. `presentDialog` is the one
 * mechanism; the info dialog and the alert modal are two layouts drawn by it. Mantine's Modal and the
 * layouts load with the first dialog, so they stay out of the first page's bundle. Mount <DialogHost />
 * once.
 */
import type { MantineColor } from '@mantine/core';
import { lazy, type ReactNode, Suspense, useSyncExternalStore } from 'react';

export type DialogRole = 'cancel' | 'confirm' | 'backdrop';
export type DialogResult<T = unknown> = { role: DialogRole; data?: T };
export type CloseDialog<T> = (role: DialogRole, data?: T) => void;

type Fill = 'solid' | 'outline' | 'clear';
export type InfoDialogButton = { label: string; fill?: Fill; color?: MantineColor; className?: string };

export type InfoDialogOptions = {
  imgUrl?: string;
  /** CSS class of the image, e.g. to make it smaller. */
  imgClassName?: string;
  title: string;
  /** HTML. */
  subTitle?: string;
  /** One button (colour 'secondary' unless given) … */
  buttonText?: string;
  buttonColor?: MantineColor;
  /** … or a list; clicking one confirms with that item as data. */
  buttons?: InfoDialogButton[];
};

export type AlertType = 'primary' | 'secondary' | 'warning' | 'information';

export type AlertOptions = {
  type?: AlertType;
  title: string;
  /** HTML. */
  subTitle?: string;
  /** Primary button, confirms (default 'Continuar'). */
  confirmText?: string;
  /** Secondary button, cancels (default 'Cancelar'); `null` hides it. */
  cancelText?: string | null;
  /** Adds a 'Volver' button that cancels with data 'back'. */
  withBack?: boolean;
  /** Escape and a click outside close it with role 'backdrop' (default true). */
  dismissible?: boolean;
};

export type DialogView =
  | { kind: 'info'; options: InfoDialogOptions }
  | { kind: 'alert'; options: AlertOptions }
  | { kind: 'custom'; render: (close: CloseDialog<unknown>) => ReactNode };

export type DialogEntry = {
  id: string;
  view: DialogView;
  size: string | number;
  dismissible: boolean;
  /** Covers the whole screen (spec §2 item 3's 'Ver más detalles'). */
  fullScreen?: boolean;
  opened: boolean;
  close: CloseDialog<unknown>;
};

let entries: DialogEntry[] = [];
const listeners = new Set<() => void>();
let sequence = 0;

function setEntries(next: DialogEntry[]) {
  entries = next;
  for (const listener of listeners) listener();
}

export function subscribeDialogs(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getDialogs(): DialogEntry[] {
  return entries;
}

/** Drops a closed dialog once its closing animation ended. */
export function removeDialog(id: string): void {
  setEntries(entries.filter((entry) => entry.id !== id));
}

function present<T>(
  view: DialogView,
  size: string | number,
  dismissible: boolean,
  fullScreen = false,
): Promise<DialogResult<T>> {
  return new Promise((resolve) => {
    sequence += 1;
    const id = `dialog-${sequence}`;
    let settled = false;
    const close: CloseDialog<unknown> = (role, data) => {
      if (settled) return;
      settled = true;
      resolve(data === undefined ? { role } : { role, data: data as T });
      setEntries(entries.map((entry) => (entry.id === id ? { ...entry, opened: false } : entry)));
      // If the closing animation never reports its end (hidden tab, reduced motion), still clean up.
      setTimeout(() => removeDialog(id), 1_000);
    };
    setEntries([...entries, { id, view, size, dismissible, fullScreen, opened: true, close }]);
  });
}

export type PresentDialogOptions<T> = {
  /** Content of the dialog; it receives the function that settles and closes it. */
  render: (close: CloseDialog<T>) => ReactNode;
  size?: string | number;
  /** Escape and a click outside close it with role 'backdrop' (default true). */
  dismissible?: boolean;
  /** Covers the whole screen instead of floating in the middle. */
  fullScreen?: boolean;
};

export function presentDialog<T = unknown>({
  render,
  size = 'sm',
  dismissible = true,
  fullScreen = false,
}: PresentDialogOptions<T>) {
  return present<T>(
    { kind: 'custom', render: render as (close: CloseDialog<unknown>) => ReactNode },
    size,
    dismissible,
    fullScreen,
  );
}

/** Spec §2 item 2: close icon, image, bold title, HTML subtitle, one button or a list of buttons. */
export function openInfoDialog(options: InfoDialogOptions): Promise<DialogResult<true | InfoDialogButton>> {
  return present({ kind: 'info', options }, 'sm', true);
}

/** Spec §2 item 4: coloured icon by type, title, HTML subtitle, primary, optional secondary and 'Volver'. */
export function openAlert(options: AlertOptions): Promise<DialogResult<true | 'back'>> {
  return present({ kind: 'alert', options }, 'sm', options.dismissible ?? true);
}

/**
 * A destructive confirmation (cancel an insurance, discard a contract in progress, remove a member,
 * delete a company): the warning alert whose way out is spec §2 item 4's 'Volver' rather than a
 * 'Cancelar' that reads like the action itself ("¿Dar de baja…?" — "Cancelar"). Only the primary button
 * confirms.
 */
export function confirmDestructive(
  options: Omit<AlertOptions, 'type' | 'cancelText' | 'withBack'>,
): Promise<DialogResult<true | 'back'>> {
  return openAlert({ ...options, type: 'warning', cancelText: null, withBack: true });
}

const DialogRenderer = lazy(() => import('./dialog-renderer.tsx'));

export function DialogHost() {
  const current = useSyncExternalStore(subscribeDialogs, getDialogs, getDialogs);
  if (current.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <DialogRenderer dialogs={current} />
    </Suspense>
  );
}
