/**
 * What the generic message screen shows (spec §2 item 12): title, description, image, button title and
 * whether its button navigates on. Whoever sends the user to /message stores it first.
 */
import { StorageKey, storage } from '../storage/storage.ts';

export type AppMessage = {
  title: string;
  description: string;
  image?: string;
  button_title?: string;
  /** When false the button is not shown: the user stays on the message. Default true. */
  canNavigate?: boolean;
};

export function saveAppMessage(message: AppMessage): Promise<void> {
  return storage.set(StorageKey.message, message);
}

export function readAppMessage(): Promise<AppMessage | null> {
  return storage.get<AppMessage>(StorageKey.message);
}
