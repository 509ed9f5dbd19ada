import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  GOOD_PASSWORD,
  registerCustomer,
  type TestApp,
  uniqueEmail,
} from '../../../test/harness.ts';
import { decodeMail, resetTokenFrom, startSmtpPeer } from '../../../test/peers/smtp-peer.ts';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;

beforeAll(async () => {
  smtp = await startSmtpPeer();
  t = await createTestApp({
    env: {
      SMTP_URL: smtp.url,
      LOGIN_MAX_PER_EMAIL: '3',
      LOGIN_MAX_PER_IP: '8',
      PUBLIC_URL: 'https://app.cubierto.test',
    },
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const login = (email: string, password: string, ip = '10.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/v4/auth/login',
    payload: { email, password },
    remoteAddress: ip,
  });

describe('registration', () => {
  it('creates the user with its personal entity and returns a working session', async () => {
    const email = uniqueEmail();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v4/auth/register',
      payload: {
        name: 'María López',
        email: email.toUpperCase(),
        password: GOOD_PASSWORD,
        dni: '27.345.678',
      },
    });
    expect(res.statusCode).toBe(201);
    const token = res.json<{ token_type: string; access_token: string; renew_on: string }>();
    expect(token.token_type).toBe('Bearer');
    expect(new Date(token.renew_on).getTime()).toBeGreaterThan(Date.now() + 20 * 86_400_000);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v4/customers/user?load[User]=*,entity,takerEntity,place',
      headers: { authorization: `Bearer ${token.access_token}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().data).toMatchObject({
      name: 'María López',
      email,
      entity: { kind: 'person', document_type: 'DNI', document_number: '27345678' },
      takerEntity: { document_number: '27345678' },
      place: null,
    });
  });

  it('refuses a second account with the same e-mail, whatever its case', async () => {
    const { email } = await registerCustomer(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v4/auth/register',
      payload: { name: 'Otra Persona', email: email.toUpperCase(), password: GOOD_PASSWORD, dni: '30111222' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      error_code: 'email_taken',
      validations: { email: ['Ya existe una cuenta con ese email.'] },
    });
  });

  it('refuses short and common passwords and a malformed DNI with Spanish messages', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v4/auth/register',
      payload: { name: 'Pedro', email: uniqueEmail(), password: 'password1', dni: '12' },
    });
    expect(res.statusCode).toBe(422);
    const v = res.json().validations;
    expect(v.password).toEqual(['Esa contraseña es muy común. Elegí otra más difícil de adivinar.']);
    expect(v.dni).toEqual(['El DNI debe tener 7 u 8 números.']);
    const short = await t.app.inject({
      method: 'POST',
      url: '/api/v4/auth/register',
      payload: { name: 'Pedro Gómez', email: uniqueEmail(), password: 'corta', dni: '30111222' },
    });
    expect(short.json().validations.password).toEqual(['La contraseña debe tener al menos 8 caracteres.']);
  });

  it('lets exactly one of many concurrent registrations of the same e-mail through', async () => {
    const email = uniqueEmail('carrera');
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/v4/auth/register',
          payload: { name: `Carrera ${i}`, email, password: GOOD_PASSWORD, dni: '30111222' },
        }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
  });
});

describe('login', () => {
  it('signs in with the right password and refuses a wrong one with 401', async () => {
    const { email } = await registerCustomer(t.app);
    const ok = await login(email, GOOD_PASSWORD, '10.1.0.1');
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ token_type: 'Bearer' });
    const bad = await login(email, 'Contraseña-Incorrecta', '10.1.0.1');
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toEqual({
      message: 'El email o la contraseña no son correctos.',
      error_code: 'invalid_credentials',
    });
    const unknown = await login(uniqueEmail('nadie'), GOOD_PASSWORD, '10.1.0.1');
    expect(unknown.statusCode).toBe(401);
  });

  it('rate-limits by e-mail: the 4th attempt in the window gets 429 in Spanish, even with the right password', async () => {
    const { email } = await registerCustomer(t.app);
    for (let i = 0; i < 3; i++)
      expect((await login(email, 'Mal-Password-1', `10.2.0.${i}`)).statusCode).toBe(401);
    const limited = await login(email, GOOD_PASSWORD, '10.2.0.9');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(
      /^Demasiados intentos de inicio de sesión\. Probá de nuevo en \d+ minutos?\.$/,
    );
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('rate-limits by IP across e-mails', async () => {
    const ip = '10.3.0.1';
    const codes: number[] = [];
    for (let i = 0; i < 9; i++)
      codes.push((await login(uniqueEmail('ip'), 'Cualquier-Cosa-1', ip)).statusCode);
    expect(codes.slice(0, 8).every((c) => c === 401)).toBe(true);
    expect(codes[8]).toBe(429);
  });
});

describe('session lifecycle', () => {
  it('refresh returns a new token and revokes the old one', async () => {
    const { auth } = await registerCustomer(t.app);
    const res = await t.app.inject({ method: 'GET', url: '/api/v4/auth/refresh', headers: auth });
    expect(res.statusCode).toBe(200);
    const fresh = res.json<{ access_token: string }>().access_token;
    expect(fresh).not.toBe(auth.authorization.slice(7));
    expect((await t.app.inject({ method: 'GET', url: '/api/v4/auth/user', headers: auth })).statusCode).toBe(
      401,
    );
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v4/auth/user',
      headers: { authorization: `Bearer ${fresh}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.entity.kind).toBe('person');
  });

  it('logout ends the session for good', async () => {
    const { auth } = await registerCustomer(t.app);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v4/auth/logout', headers: auth })).statusCode,
    ).toBe(204);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v4/customers/user', headers: auth })).statusCode,
    ).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v4/auth/refresh', headers: auth })).statusCode,
    ).toBe(401);
  });
});

describe('password reset by e-mail', () => {
  it('mails a link whose token sets a new password once, and ends open sessions', async () => {
    const { email, auth } = await registerCustomer(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v4/auth/forgot-password',
      payload: { email },
    });
    expect(res.statusCode).toBe(200);
    const mail = await smtp.waitFor(email);
    expect(decodeMail(mail.raw)).toContain('Para elegir una nueva contraseña entrá a este enlace');
    expect(decodeMail(mail.raw)).toContain('https://app.cubierto.test/reset-password?token=');
    const token = resetTokenFrom(mail.raw);

    const weak = await t.app.inject({
      method: 'POST',
      url: '/api/v4/auth/reset-password',
      payload: { token, password: 'qwerty123' },
    });
    expect(weak.statusCode).toBe(422);

    const newPassword = 'Nueva-Clave-Segura-9';
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/v4/auth/reset-password',
      payload: { token, password: newPassword },
    });
    expect(reset.statusCode).toBe(200);
    expect((await login(email, newPassword, '10.4.0.1')).statusCode).toBe(200);
    expect((await login(email, GOOD_PASSWORD, '10.4.0.2')).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v4/customers/user', headers: auth })).statusCode,
    ).toBe(401);

    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v4/auth/reset-password',
      payload: { token, password: 'Otra-Clave-Segura-7' },
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().error_code).toBe('invalid_token');
  });

  it('answers the same for an unknown e-mail and sends nothing', async () => {
    const email = uniqueEmail('desconocido');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v4/auth/forgot-password',
      payload: { email },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(
      'Si el email está registrado, te enviamos un enlace para restablecer la contraseña.',
    );
    await new Promise((r) => setTimeout(r, 200));
    expect(smtp.inbox.some((m) => m.to.includes(email))).toBe(false);
  });

  it('refuses a made-up token', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v4/auth/reset-password',
      payload: { token: 'x'.repeat(43), password: 'Nueva-Clave-Segura-9' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().validations.token).toEqual(['El enlace no es válido o ya venció. Pedí uno nuevo.']);
  });
});
