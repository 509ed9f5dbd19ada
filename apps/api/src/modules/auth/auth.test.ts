import { randomBytes } from 'node:crypto';
import { TERMS_VERSION } from '@cubierto/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  GOOD_PASSWORD,
  registerCustomer,
  registrationCodeIn,
  type TestApp,
  uniqueDni,
  uniqueEmail,
  until,
} from '../../../test/harness.ts';
import { decodeMail, resetTokenFrom, startSmtpPeer } from '../../../test/peers/smtp-peer.ts';
import { unusedLocalUrl } from '../../../test/peers/unreachable-peer.ts';
import { users } from '../../db/schema/index.ts';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;

beforeAll(async () => {
  smtp = await startSmtpPeer();
  t = await createTestApp({
    env: {
      SMTP_URL: smtp.url,
      LOGIN_MAX_PER_EMAIL: '3',
      LOGIN_MAX_PER_IP: '8',
      REGISTER_MAX_PER_IP: '5',
      REGISTER_MAX_PER_DEVICE: '3',
      PUBLIC_URL: 'https://app.cubierto.test',
    },
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

let ipCounter = 0;
/** Another client address: each test's registrations and sign-ins count on their own. */
const nextIp = () => {
  ipCounter += 1;
  return `10.${100 + Math.floor(ipCounter / 250)}.${ipCounter % 250}.1`;
};
const newDeviceId = () => randomBytes(16).toString('base64url');
const CODE_MAIL = /^\d{6}\r?$/m;
const codeMailedTo = (email: string) => smtp.registrationCode(email);
const mailsTo = (email: string) => smtp.inbox.filter((m) => m.to.includes(email));
const codesMailedTo = (email: string) =>
  mailsTo(email)
    .map((m) => registrationCodeIn(decodeMail(m.raw)))
    .filter((code): code is string => code !== undefined);

/** A customer registered through the form and its mailed code, from an address of its own. */
const customer = (overrides: Record<string, unknown> = {}, device?: string) =>
  registerCustomer(t.app, overrides, {
    codeFor: codeMailedTo,
    ip: nextIp(),
    ...(device ? { headers: { 'x-device-id': device } } : {}),
  });

const register = (payload: Record<string, unknown>, options: { ip?: string; device?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v4/auth/register',
    payload: {
      name: 'María López',
      password: GOOD_PASSWORD,
      dni: uniqueDni(),
      accepted_terms: true,
      ...payload,
    },
    remoteAddress: options.ip ?? nextIp(),
    ...(options.device ? { headers: { 'x-device-id': options.device } } : {}),
  });

const confirm = (email: string, code: string, options: { ip?: string; device?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v4/auth/register/confirm',
    payload: { email, code },
    remoteAddress: options.ip ?? nextIp(),
    ...(options.device ? { headers: { 'x-device-id': options.device } } : {}),
  });

const login = (email: string, password: string, ip = '10.0.0.1', device?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v4/auth/login',
    payload: { email, password },
    remoteAddress: ip,
    ...(device ? { headers: { 'x-device-id': device } } : {}),
  });

describe('registration', () => {
  it('answers 202, mails a 6-digit code, and the code creates the user with its entity and a working session', async () => {
    const email = uniqueEmail();
    const started = await register({ email: email.toUpperCase(), dni: '27.345.678' });
    expect(started.statusCode).toBe(202);
    expect(started.json()).toEqual({ message: `Te enviamos un código a ${email} para confirmar tu cuenta.` });
    expect((await login(email, GOOD_PASSWORD, nextIp())).statusCode).toBe(401);
    const mail = decodeMail((await smtp.waitFor(email, 5000, CODE_MAIL)).raw);
    expect(mail).toContain('Para confirmar tu cuenta de Cubierto ingresá este código (vence en 30 minutos)');
    const res = await confirm(email, registrationCodeIn(mail)!);
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
    expect((await login(email, GOOD_PASSWORD, nextIp())).statusCode).toBe(200);
  });

  it('refuses a registration without the terms and privacy policy accepted, and stores the acceptance with its version', async () => {
    for (const accepted_terms of [undefined, false]) {
      const res = await register({ email: uniqueEmail('terminos'), accepted_terms });
      expect(res.statusCode).toBe(422);
      expect(res.json().validations.accepted_terms).toEqual([
        'Aceptá los términos y la política de privacidad para continuar.',
      ]);
    }
    const before = Date.now();
    const { email } = await customer();
    const [row] = await t.database.db
      .select({ acceptedAt: users.termsAcceptedAt, version: users.termsVersion })
      .from(users)
      .where(eq(users.email, email));
    expect(row?.version).toBe(TERMS_VERSION);
    expect(row?.acceptedAt?.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it('refuses a DNI already in another account under the DNI field, before any code is mailed', async () => {
    const dni = uniqueDni();
    await customer({ dni });
    const email = uniqueEmail('otro-dni');
    const res = await register({ email, dni: `${dni.slice(0, 2)}.${dni.slice(2, 5)}.${dni.slice(5)}` });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      error_code: 'document_taken',
      validations: { dni: ['Ya hay una cuenta con ese DNI. Ingresá o recuperá tu contraseña.'] },
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(mailsTo(email)).toHaveLength(0);
  });

  it('two registrations of one DNI confirmed at once make one account: the other is refused with document_taken', async () => {
    const dni = uniqueDni();
    const emails = [uniqueEmail('dni-a'), uniqueEmail('dni-b')];
    for (const email of emails) expect((await register({ email, dni })).statusCode).toBe(202);
    const codes = await Promise.all(emails.map(codeMailedTo));
    const results = await Promise.all(emails.map((email, i) => confirm(email, codes[i]!)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.statusCode === 409)?.json().error_code).toBe('document_taken');
  });

  it('answers an existing e-mail exactly as a new one and mails its owner a warning instead of a code', async () => {
    const { email } = await customer();
    const res = await register({
      name: 'Otra Persona',
      email: email.toUpperCase(),
      password: 'Otra-Clave-Segura-7',
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: `Te enviamos un código a ${email} para confirmar tu cuenta.` });
    const warning = decodeMail((await smtp.waitFor(email, 5000, /Alguien intentó crear una cuenta/)).raw);
    expect(warning).toContain('https://app.cubierto.test/login');
    expect(warning).toContain('https://app.cubierto.test/reset-password');
    expect(registrationCodeIn(warning)).toBeUndefined();
    expect((await login(email, GOOD_PASSWORD, nextIp())).statusCode).toBe(200);
    expect((await login(email, 'Otra-Clave-Segura-7', nextIp())).statusCode).toBe(401);
  });

  it('refuses short and common passwords and a malformed DNI with Spanish messages', async () => {
    const res = await register({ name: 'Pedro', email: uniqueEmail(), password: 'password1', dni: '12' });
    expect(res.statusCode).toBe(422);
    const v = res.json().validations;
    expect(v.password).toEqual(['Esa contraseña es muy común. Elegí otra más difícil de adivinar.']);
    expect(v.dni).toEqual(['El DNI debe tener 7 u 8 números.']);
    const short = await register({ name: 'Pedro Gómez', email: uniqueEmail(), password: 'corta' });
    expect(short.json().validations.password).toEqual(['La contraseña debe tener al menos 8 caracteres.']);
  });

  it('counts wrong codes: after five the registration needs a new code, which “Reenviar código” mails', async () => {
    const email = uniqueEmail('codigo');
    expect((await register({ email })).statusCode).toBe(202);
    const code = await codeMailedTo(email);
    const wrong = code === '000000' ? '111111' : '000000';
    const messages: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await confirm(email, wrong);
      expect(res.statusCode).toBe(422);
      expect(res.json().error_code).toBe('invalid_token');
      messages.push(res.json().validations.code[0]);
    }
    expect(messages).toEqual([
      'El código no es correcto. Te quedan 4 intentos.',
      'El código no es correcto. Te quedan 3 intentos.',
      'El código no es correcto. Te quedan 2 intentos.',
      'El código no es correcto. Te queda 1 intento.',
      'El código venció o ya lo probaste demasiadas veces. Pedí uno nuevo con «Reenviar código».',
    ]);
    expect((await confirm(email, code)).statusCode).toBe(422);
    const resent = await t.app.inject({
      method: 'POST',
      url: '/api/v4/auth/register/resend',
      payload: { email },
      remoteAddress: nextIp(),
    });
    expect(resent.statusCode).toBe(202);
    await smtp.waitFor(email, 5000, CODE_MAIL); // the first
    await until(() => codesMailedTo(email).length === 2);
    expect((await confirm(email, codesMailedTo(email)[1]!)).statusCode).toBe(201);
  });

  it('creates one account from one code, however many confirmations arrive at once', async () => {
    const email = uniqueEmail('carrera');
    expect((await register({ email })).statusCode).toBe(202);
    const code = await codeMailedTo(email);
    const results = await Promise.all(Array.from({ length: 6 }, () => confirm(email, code)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 422, 422, 422, 422, 422]);
  });

  it('a stranger registering the same e-mail from another device cannot change the owner’s pending registration', async () => {
    const email = uniqueEmail('duena');
    const owner = newDeviceId();
    const stranger = newDeviceId();
    expect((await register({ email, name: 'Dueña Real' }, { device: owner })).statusCode).toBe(202);
    const ownerCode = await codeMailedTo(email);
    expect(
      (await register({ email, name: 'Extraño', password: 'Clave-Del-Extrano-1' }, { device: stranger }))
        .statusCode,
    ).toBe(202);
    await until(() => codesMailedTo(email).length === 2);
    const strangerCode = codesMailedTo(email)[1]!;
    // The stranger's code, typed on the owner's device, does not confirm the stranger's form.
    expect((await confirm(email, strangerCode, { device: owner })).statusCode).toBe(422);
    const res = await confirm(email, ownerCode, { device: owner });
    expect(res.statusCode).toBe(201);
    expect((await login(email, GOOD_PASSWORD, nextIp())).statusCode).toBe(200);
    expect((await login(email, 'Clave-Del-Extrano-1', nextIp())).statusCode).toBe(401);
  });

  it('limits registrations per IP and per device with a Spanish 429', async () => {
    const ip = nextIp();
    const byIp = [];
    for (let i = 0; i < 6; i++) byIp.push((await register({ email: uniqueEmail('ip') }, { ip })).statusCode);
    expect(byIp).toEqual([202, 202, 202, 202, 202, 429]);
    const device = newDeviceId();
    const byDevice = [];
    for (let i = 0; i < 4; i++)
      byDevice.push((await register({ email: uniqueEmail('disp') }, { device })).statusCode);
    expect(byDevice).toEqual([202, 202, 202, 429]);
    const limited = await register({ email: uniqueEmail('disp') }, { device });
    expect(limited.json().message).toMatch(
      /^Demasiados registros desde este dispositivo o red\. Probá de nuevo en \d+ minutos?\.$/,
    );
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('mails one address at most three times an hour, answering the same after that', async () => {
    const taken = (await customer()).email;
    const fresh = uniqueEmail('buzon');
    for (const email of [taken, fresh]) {
      for (let i = 0; i < 5; i++) {
        const res = await register({ email });
        expect(res.statusCode).toBe(202);
        expect(res.json().message).toBe(`Te enviamos un código a ${email} para confirmar tu cuenta.`);
      }
    }
    await until(() => mailsTo(fresh).length >= 3 && mailsTo(taken).length >= 3);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailsTo(fresh)).toHaveLength(3);
    // The taken one: its own registration code, then two warnings.
    expect(mailsTo(taken)).toHaveLength(3);
  });
});

describe('login', () => {
  it('signs in with the right password and refuses a wrong one with 401', async () => {
    const { email } = await customer();
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

  it('locks an e-mail for the IP that guessed: 429 there with the right password and a way to recover, not elsewhere', async () => {
    const { email } = await customer();
    const attacker = nextIp();
    for (let i = 0; i < 3; i++) expect((await login(email, 'Mal-Password-1', attacker)).statusCode).toBe(401);
    const limited = await login(email, GOOD_PASSWORD, attacker);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(
      /^Demasiados intentos de inicio de sesión\. Probá de nuevo en \d+ minutos? o recuperá tu contraseña\.$/,
    );
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // The owner, from home, is not locked out by the attacker's guesses.
    expect((await login(email, GOOD_PASSWORD, nextIp())).statusCode).toBe(200);
  });

  it('lets a device that signed in before through the lock with the right password, and only with it', async () => {
    const phone = newDeviceId();
    const { email } = await customer({}, phone);
    const cafe = nextIp();
    for (let i = 0; i < 3; i++) expect((await login(email, 'Mal-Password-1', cafe)).statusCode).toBe(401);
    expect((await login(email, GOOD_PASSWORD, cafe)).statusCode).toBe(429);
    expect((await login(email, GOOD_PASSWORD, cafe, newDeviceId())).statusCode).toBe(429);
    expect((await login(email, 'Mal-Password-1', cafe, phone)).statusCode).toBe(429);
    const own = await login(email, GOOD_PASSWORD, cafe, phone);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ token_type: 'Bearer' });
  });

  it('rate-limits by IP across e-mails', async () => {
    const ip = '10.3.0.1';
    const codes: number[] = [];
    for (let i = 0; i < 9; i++)
      codes.push((await login(uniqueEmail('ip'), 'Cualquier-Cosa-1', ip)).statusCode);
    expect(codes.slice(0, 8).every((c) => c === 401)).toBe(true);
    expect(codes[8]).toBe(429);
  });

  it('with Redis unreachable answers within a second and still limits from the instance’s memory', async () => {
    const port = new URL(await unusedLocalUrl()).port;
    const down = await createTestApp({
      env: { REDIS_URL: `redis://127.0.0.1:${port}`, LOGIN_MAX_PER_EMAIL: '3' },
      overrides: { rateLimiter: undefined },
    });
    try {
      const { email } = await registerCustomer(down.app);
      const times: number[] = [];
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) {
        const started = Date.now();
        const res = await down.app.inject({
          method: 'POST',
          url: '/api/v4/auth/login',
          payload: { email, password: i < 3 ? 'Mal-Password-1' : GOOD_PASSWORD },
        });
        times.push(Date.now() - started);
        codes.push(res.statusCode);
      }
      expect(codes).toEqual([401, 401, 401, 429]);
      expect(Math.max(...times)).toBeLessThan(1000);
      const forgot = await down.app.inject({
        method: 'POST',
        url: '/api/v4/auth/forgot-password',
        payload: { email },
      });
      expect(forgot.statusCode).toBe(200);
    } finally {
      await down.close();
    }
  });
});

describe('session lifecycle', () => {
  it('refresh returns a new token and revokes the old one', async () => {
    const { auth } = await customer();
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
    const { auth } = await customer();
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

const RESET_MAIL = /reset-password\?token=/;
const forgot = (email: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v4/auth/forgot-password',
    payload: { email },
    remoteAddress: nextIp(),
  });

describe('password reset by e-mail', () => {
  it('mails a link whose token sets a new password once, and ends open sessions', async () => {
    const { email, auth } = await customer();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v4/auth/forgot-password',
      payload: { email },
    });
    expect(res.statusCode).toBe(200);
    const mail = await smtp.waitFor(email, 5000, RESET_MAIL);
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

  it('a reset spends every other link of the account still open', async () => {
    const { email } = await customer();
    expect((await forgot(email)).statusCode).toBe(200);
    expect((await forgot(email)).statusCode).toBe(200);
    const links = () => mailsTo(email).filter((m) => RESET_MAIL.test(decodeMail(m.raw)));
    await until(() => links().length === 2);
    const [first, second] = links().map((m) => resetTokenFrom(m.raw));
    const reset = (token: string, password: string) =>
      t.app.inject({ method: 'POST', url: '/api/v4/auth/reset-password', payload: { token, password } });
    expect((await reset(second!, 'Nueva-Clave-Segura-9')).statusCode).toBe(200);
    const older = await reset(first!, 'Clave-Del-Ladron-3');
    expect(older.statusCode).toBe(422);
    expect(older.json().error_code).toBe('invalid_token');
    expect((await login(email, 'Nueva-Clave-Segura-9', nextIp())).statusCode).toBe(200);
    expect((await login(email, 'Clave-Del-Ladron-3', nextIp())).statusCode).toBe(401);
  });

  it('mails at most three links an hour to one e-mail, answering the same to every request', async () => {
    const { email } = await customer();
    for (let i = 0; i < 6; i++) {
      const res = await forgot(email);
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe(
        'Si el email está registrado, te enviamos un enlace para restablecer la contraseña.',
      );
    }
    const links = () => mailsTo(email).filter((m) => RESET_MAIL.test(decodeMail(m.raw)));
    await until(() => links().length >= 3);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(links()).toHaveLength(3);
  });
});
