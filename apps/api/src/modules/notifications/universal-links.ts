/**
 * Notification links for the Android and iOS apps are universal links (`{PUBLIC_URL}/notifications/list/7`,
 * docs/decisions/014): tapped, the operating system opens the app at that path through the app links the
 * site declares (modules/app-links), and the web site when the app is not installed. Browsers keep the
 * in-app path their service worker opens on its own origin.
 */
import type { PushMessage } from '@cubierto/contracts';
import type { NativePushSender } from './push.ts';

export function universalLink(publicUrl: string, path: string): string {
  return path.startsWith('/') && !path.startsWith('//') ? `${publicUrl.replace(/\/$/, '')}${path}` : path;
}

/** The same native sender, sending the message's in-app path as a universal link of the public site. */
export function withUniversalLinks(sender: NativePushSender, publicUrl: string): NativePushSender {
  return {
    send: (token: string, message: PushMessage) =>
      sender.send(token, { ...message, url: universalLink(publicUrl, message.url) }),
    close: () => sender.close(),
  };
}
