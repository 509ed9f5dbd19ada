import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerCustomer, type TestApp } from '../../../test/harness.ts';
import { createBusiness, phoneCoverage, phoneCsv, phoneRow, uploadImport } from '../../../test/imports.ts';
import { seedDemoCatalog } from '../../db/seed.ts';
import type { MailMessage } from '../../lib/mail.ts';

let t: TestApp;
const mails: MailMessage[] = [];

beforeAll(async () => {
  t = await createTestApp({ overrides: { mailer: { send: async (m) => void mails.push(m) } } });
  await seedDemoCatalog(t.database.db, t.app.deps.storage);
});
afterAll(async () => t.close());

type Auth = Record<string, string>;
const call = (auth: Auth, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/api/v4/customers/entities${url}`,
    headers: auth,
    ...(payload ? { payload } : {}),
  });

/** A valid CUIT for a business number: prefix 30, eight digits, and its check digit. */
function cuit(n: number): string {
  const body = `30${String(70_000_000 + n).padStart(8, '0')}`;
  const weights = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];
  const mod = 11 - (weights.reduce((a, w, i) => a + w * Number(body[i]), 0) % 11);
  const check = mod === 11 ? 0 : mod;
  return check === 10 ? cuit(n + 1000) : `${body}${check}`;
}

const profile = {
  name: 'Bicis del Sur SA',
  tax_condition: 'responsable_inscripto',
  street: 'Av. Mitre',
  street_number: '750',
  locality: 'Avellaneda',
  province: 'Buenos Aires',
  zip_code: 'B1870ABC',
  contact_name: 'Carla Ruiz',
  contact_email: 'carla@bicisdelsur.com.ar',
  contact_phone: '11 4222-3333',
};

/** The token of the last invitation link mailed to an address. */
function invitationToken(email: string): string {
  const mail = mails.findLast((m) => m.to === email);
  const token = mail && /business-invitation\?token=([^\s"&]+)/.exec(mail.text)?.[1];
  if (!token) throw new Error(`no invitation mailed to ${email}`);
  return decodeURIComponent(token);
}

describe('business center', () => {
  it('the owner edits name, address and contact; the CUIT stays; bad values are named in Spanish', async () => {
    const owner = await registerCustomer(t.app);
    const entity = await createBusiness(t.app, owner.auth);
    const bad = await call(owner.auth, 'PUT', `/${entity.id}`, {
      ...profile,
      zip_code: '12',
      contact_email: 'carla@',
      contact_phone: 'llamame',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().validations).toEqual({
      zip_code: ['El código postal debe tener 4 números o el formato A1234ABC.'],
      contact_email: ['Ingresá un email válido.'],
      contact_phone: ['Ingresá un teléfono válido, por ejemplo 11 4444-5555.'],
    });

    const res = await call(owner.auth, 'PUT', `/${entity.id}`, profile);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ ...profile, document_number: '30712345671', role: 'owner' });
    expect((await call(owner.auth, 'GET', `/${entity.id}`)).json().data.contact_name).toBe('Carla Ruiz');
  });

  it('members are invited by e-mail, act for the business and cannot do what only the owner does', async () => {
    const owner = await registerCustomer(t.app);
    const member = await registerCustomer(t.app, { name: 'Pablo Díaz' });
    const entity = await createBusiness(t.app, owner.auth);

    const invited = await call(owner.auth, 'POST', `/${entity.id}/members`, {
      email: member.email.toUpperCase(),
    });
    expect(invited.statusCode).toBe(201);
    expect(invited.json().data.members.map((m: { name: string; role: string }) => [m.name, m.role])).toEqual([
      ['Juan Pérez', 'owner'],
      ['Pablo Díaz', 'member'],
    ]);
    const twice = await call(owner.auth, 'POST', `/${entity.id}/members`, { email: member.email });
    expect(twice.json().validations.email).toEqual(['Esa persona ya actúa por esta empresa.']);

    // The member sees it among their entities and may import for it …
    const mine = (await call(member.auth, 'GET', '')).json().data;
    expect(mine.find((e: { id: number }) => e.id === entity.id)).toMatchObject({ role: 'member' });
    const { coverageId } = await phoneCoverage(t.app);
    const upload = await uploadImport(t.app, member.auth, {
      coverageId,
      entityId: entity.id,
      file: phoneCsv([phoneRow(61)]),
    });
    expect(upload.statusCode).toBe(201);
    // … and the owner sees the member's import.
    const ownerImports = await t.app.inject({
      method: 'GET',
      url: '/api/v4/customers/imports',
      headers: owner.auth,
    });
    expect(ownerImports.json().meta.total).toBe(1);

    // … but cannot edit it, invite or remove others.
    const memberId = invited.json().data.members[1].user_id as number;
    const ownerId = invited.json().data.members[0].user_id as number;
    expect((await call(member.auth, 'PUT', `/${entity.id}`, profile)).statusCode).toBe(403);
    expect(
      (await call(member.auth, 'POST', `/${entity.id}/members`, { email: owner.email })).statusCode,
    ).toBe(403);
    expect((await call(member.auth, 'DELETE', `/${entity.id}/members/${ownerId}`)).statusCode).toBe(403);

    // The last owner cannot be removed; the owner removes the member, who then no longer sees it.
    const lastOwner = await call(owner.auth, 'DELETE', `/${entity.id}/members/${ownerId}`);
    expect(lastOwner.statusCode).toBe(409);
    expect(lastOwner.json().error_code).toBe('last_entity_owner');
    const removed = await call(owner.auth, 'DELETE', `/${entity.id}/members/${memberId}`);
    expect(removed.json().data.members).toHaveLength(1);
    expect((await call(member.auth, 'GET', `/${entity.id}`)).statusCode).toBe(404);
    const memberImport = await t.app.inject({
      method: 'GET',
      url: `/api/v4/customers/imports/${upload.json().data.id}`,
      headers: member.auth,
    });
    expect(memberImport.statusCode).toBe(404);
  });

  it("another user's entity does not exist for the caller; no token is a 401", async () => {
    const owner = await registerCustomer(t.app);
    const stranger = await registerCustomer(t.app);
    const entity = await createBusiness(t.app, owner.auth);
    expect((await call(stranger.auth, 'GET', `/${entity.id}`)).statusCode).toBe(404);
    expect((await call(stranger.auth, 'PUT', `/${entity.id}`, profile)).statusCode).toBe(404);
    expect(
      (await call(stranger.auth, 'POST', `/${entity.id}/members`, { email: stranger.email })).statusCode,
    ).toBe(404);
    expect((await call({}, 'GET', `/${entity.id}`)).statusCode).toBe(401);
  });

  it('refuses the 51st entity with a clear message', async () => {
    const c = await registerCustomer(t.app);
    // The personal entity is the first of the 50.
    for (let i = 1; i < 50; i++) await createBusiness(t.app, c.auth, cuit(i));
    const res = await call(c.auth, 'POST', '', {
      kind: 'business',
      name: 'La número 51 SRL',
      document_number: cuit(51),
      tax_condition: 'monotributo',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error_code).toBe('entity_limit_reached');
    expect(res.json().message).toBe('Podés administrar hasta 50 entidades.');
    expect((await call(c.auth, 'GET', '')).json().data).toHaveLength(50);

    // Nor can someone at the limit be invited to one more.
    const owner = await registerCustomer(t.app);
    const entity = await createBusiness(t.app, owner.auth);
    const invite = await call(owner.auth, 'POST', `/${entity.id}/members`, { email: c.email });
    expect(invite.json().validations.email).toEqual(['Esa persona ya administra 50 entidades, el máximo.']);
  });
});

describe('invitations to e-mails with no account', () => {
  const accept = (auth: Auth, token: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v4/customers/entity-invitations/accept',
      headers: auth,
      payload: { token },
    });

  it('mails a link; the person signs up with that e-mail, opens it and acts for the business', async () => {
    const owner = await registerCustomer(t.app, { name: 'Carla Ruiz' });
    const entity = await createBusiness(t.app, owner.auth);
    const email = `nueva.${Date.now()}@example.com`;

    const invited = await call(owner.auth, 'POST', `/${entity.id}/members`, { email: email.toUpperCase() });
    expect(invited.statusCode).toBe(201);
    expect(invited.json().data.members).toHaveLength(1);
    expect(invited.json().data.invitations).toEqual([
      { id: expect.any(Number), email, expires_at: expect.any(String) },
    ]);
    const mail = mails.findLast((m) => m.to === email)!;
    expect(mail.subject).toBe(`Te invitaron a ${invited.json().data.name} en Cubierto`);
    expect(mail.text).toContain('Carla Ruiz te invitó');
    const firstToken = invitationToken(email);

    // Inviting again sends a new link and voids the first; still one pending invitation.
    const again = await call(owner.auth, 'POST', `/${entity.id}/members`, { email });
    expect(again.json().data.invitations).toHaveLength(1);
    const token = invitationToken(email);
    expect(token).not.toBe(firstToken);

    // Someone else's account cannot use the link, even holding it.
    const other = await registerCustomer(t.app);
    const wrong = await accept(other.auth, token);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toBe(
      `Esta invitación es para ${email}. Ingresá con esa cuenta para aceptarla.`,
    );

    const invitee = await registerCustomer(t.app, { email, name: 'Nora Paz' });
    expect((await accept(invitee.auth, firstToken)).statusCode).toBe(422);
    const joined = await accept(invitee.auth, token);
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json().data).toMatchObject({ id: entity.id, role: 'member', invitations: [] });
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/v4/customers/entities',
      headers: invitee.auth,
    });
    expect(mine.json().data.map((e: { id: number }) => e.id)).toContain(entity.id);

    // The link is spent; the owner sees a member and no pending invitation.
    expect((await accept(invitee.auth, token)).statusCode).toBe(422);
    const detail = (await call(owner.auth, 'GET', `/${entity.id}`)).json().data;
    expect(detail.members.map((m: { name: string }) => m.name)).toEqual(['Carla Ruiz', 'Nora Paz']);
    expect(detail.invitations).toEqual([]);
  });

  it('the owner withdraws an invitation and its link stops working; members and strangers cannot', async () => {
    const owner = await registerCustomer(t.app);
    const entity = await createBusiness(t.app, owner.auth);
    const email = `retirada.${Date.now()}@example.com`;
    const invited = (await call(owner.auth, 'POST', `/${entity.id}/members`, { email })).json().data;
    const id = invited.invitations[0].id as number;
    const token = invitationToken(email);

    const stranger = await registerCustomer(t.app);
    expect((await call(stranger.auth, 'DELETE', `/${entity.id}/invitations/${id}`)).statusCode).toBe(404);
    expect((await call(stranger.auth, 'GET', `/${entity.id}`)).statusCode).toBe(404);

    const withdrawn = await call(owner.auth, 'DELETE', `/${entity.id}/invitations/${id}`);
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json().data.invitations).toEqual([]);
    expect((await call(owner.auth, 'DELETE', `/${entity.id}/invitations/${id}`)).statusCode).toBe(404);

    const invitee = await registerCustomer(t.app, { email });
    expect((await accept(invitee.auth, token)).statusCode).toBe(422);
    expect((await accept(invitee.auth, 'x'.repeat(10))).statusCode).toBe(422);
    expect((await accept({}, token)).statusCode).toBe(401);
  });
});
