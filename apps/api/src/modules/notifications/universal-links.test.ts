import type { PushMessage } from '@cubierto/contracts';
import { describe, expect, it } from 'vitest';
import type { NativePushSender } from './push.ts';
import { universalLink, withUniversalLinks } from './universal-links.ts';

describe('notification links of the apps', () => {
  it('go to the devices as universal links of the public site', async () => {
    const sent: PushMessage[] = [];
    const fcm: NativePushSender = {
      send: async (_token, message) => {
        sent.push(message);
        return { ok: true, status: 200 };
      },
      close: async () => undefined,
    };
    await withUniversalLinks(fcm, 'https://cubierto.com.ar/').send('device-token', {
      title: 'Tu seguro está vigente',
      body: 'Bolso protegido',
      notification_user_id: 7,
      url: '/notifications/list/7',
    });
    expect(sent[0]?.url).toBe('https://cubierto.com.ar/notifications/list/7');
  });

  it('never turn a link to another host into one of ours', () => {
    expect(universalLink('https://cubierto.com.ar', '//evil.example/x')).toBe('//evil.example/x');
    expect(universalLink('https://cubierto.com.ar', '/tabs?status=approved')).toBe(
      'https://cubierto.com.ar/tabs?status=approved',
    );
  });
});
