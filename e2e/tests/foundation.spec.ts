/** The foundation as a person meets it: register, sign in, edit the profile, sign out, maintenance. */
import { expect, test } from '@playwright/test';
import {
  closeTourWhenShown,
  confirmRegistration,
  DEMO,
  expectAccessible,
  mailedCode,
  mailedCodes,
  maintenance,
  menu,
  newDni,
  newEmail,
  PASSWORD,
  shot,
  signIn,
  signOut,
} from './support.ts';

test('a new customer registers, signs in, edits the profile and signs out', async ({ page }, info) => {
  const email = newEmail();
  await closeTourWhenShown(page);
  await page.goto('/');
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('heading', { name: 'Ingresá a tu cuenta' })).toBeVisible();
  await expectAccessible(page);
  await shot(page, info, 'login');

  await page.getByRole('link', { name: 'Registrate' }).click();
  await expect(page).toHaveURL(/\/register/);
  await page.getByLabel('Nombre y apellido').fill('Valentina Ríos');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('DNI').fill('1234');
  await page.getByLabel('Contraseña', { exact: true }).fill('password');
  await page.getByRole('button', { name: 'Aceptar y crear cuenta' }).click();
  await expect(page.getByText('El DNI debe tener 7 u 8 números.')).toBeVisible();
  await expect(page.getByLabel('Nombre y apellido')).toHaveValue('Valentina Ríos');
  await expectAccessible(page);
  await shot(page, info, 'register-errors');

  await page.getByLabel('DNI').fill(newDni());
  await page.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
  // No box to tick: the button accepts the terms and the privacy policy linked above it.
  await expect(
    page.getByText('Al crear tu cuenta aceptás los Términos y condiciones y la Política de privacidad.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Aceptar y crear cuenta' }).click();

  // The second step: the code mailed to the address, sent by its sixth digit. A wrong one is explained
  // beside the field, which keeps the focus.
  await expect(page.getByRole('heading', { name: 'Ingresá el código' })).toBeVisible();
  await expect(page.getByText(`Te enviamos un código a ${email} para confirmar tu cuenta.`)).toBeVisible();
  const code = await mailedCode(email);
  await expect(page.getByLabel('Código de 6 números')).toBeFocused();
  await page.keyboard.type(code === '000000' ? '111111' : '000000');
  await expect(page.getByText('El código no es correcto. Te quedan 4 intentos.')).toBeVisible();
  await expect(page.getByLabel('Código de 6 números')).toBeFocused();
  await expectAccessible(page);
  await shot(page, info, 'register-code-wrong');
  await page.getByRole('button', { name: 'Reenviar código' }).click();
  await expect(
    page.getByText(`Listo: si ${email} está esperando un código, te enviamos uno nuevo.`),
  ).toBeVisible();
  await expect.poll(() => mailedCodes(email).length).toBe(2);
  await shot(page, info, 'register-code-resent');
  await confirmRegistration(page, email);
  await expect(page).toHaveURL(/\/tabs/);
  await expect(page.getByText('¡Hola, Valentina Ríos!')).toBeVisible();
  await shot(page, info, 'home');

  await signOut(page);
  await signIn(page, email, PASSWORD);
  await expect(page.getByText('Inicio de sesión correcto')).toBeVisible();

  await menu(page, 'Mi cuenta');
  await expect(page).toHaveURL(/\/profile/);
  await expect(page.getByLabel('Nombre y apellido')).toHaveValue('Valentina Ríos');
  await page.getByLabel('Nombre y apellido').fill('Valentina Ríos Paz');
  await page.getByRole('combobox', { name: 'Provincia' }).click();
  await page.getByRole('option', { name: 'Córdoba' }).click();
  await page.getByRole('combobox', { name: 'Localidad' }).click();
  await page.getByRole('option', { name: 'Río Cuarto' }).click();
  await page.getByLabel('Código postal').fill('5800');
  await expectAccessible(page);
  await shot(page, info, 'profile-edit');
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.getByText('Tus datos se guardaron correctamente.')).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Nombre y apellido')).toHaveValue('Valentina Ríos Paz');
  await expect(page.getByRole('combobox', { name: 'Localidad' })).toHaveValue('Río Cuarto');
  await shot(page, info, 'profile-saved');

  await signOut(page);
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login/);
});

test('the demo customer signs in and sees the maintenance screen while it is on', async ({ page }, info) => {
  await signIn(page, DEMO.email, DEMO.password);
  await expect(page.getByText(/¡Hola, /)).toBeVisible();
  try {
    maintenance('on');
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Mantenimiento programado' })).toBeVisible({
      timeout: 15_000,
    });
    await expect(
      page.getByText(
        'Estamos realizando mejoras en nuestros servidores. Disculpá las molestias ocasionadas.',
      ),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/message/);
    await expectAccessible(page);
    await shot(page, info, 'maintenance');
  } finally {
    maintenance('off');
  }
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page).toHaveURL(/\/login/);
  await signIn(page, DEMO.email, DEMO.password);
});

test('an unknown address shows the not-found page, signed out and signed in, with the way home', async ({
  page,
  request,
}, info) => {
  // The server answers every app address with the app; the app says the page does not exist.
  const html = await request.get('/customers/nope');
  expect(html.status()).toBe(200);
  expect(html.headers()['content-type']).toContain('text/html');

  await page.goto('/nope');
  await expect(page.getByRole('heading', { name: 'No encontramos esta página' })).toBeVisible();
  await expect(page).toHaveURL(/\/nope$/);
  await page.getByRole('button', { name: 'Ir a iniciar sesión' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await signIn(page, DEMO.email, DEMO.password);
  for (const address of ['/customers/nope', '/invoice/nope', '/referral/nope', '/nope']) {
    await page.goto(address);
    await expect(page.getByRole('heading', { name: 'No encontramos esta página' })).toBeVisible();
    await expect(page.getByText('Esta sección todavía no está disponible.')).toBeHidden();
    expect(new URL(page.url()).pathname).toBe(address);
  }
  await expectAccessible(page);
  await shot(page, info, 'not-found');
  await page.getByRole('button', { name: 'Volver al inicio' }).click();
  await expect(page).toHaveURL(/\/tabs$/);
  await expect(page.getByText(/¡Hola, /)).toBeVisible();
});

test('a wrong password keeps the e-mail and says so in Spanish', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(DEMO.email);
  await page.getByLabel('Contraseña', { exact: true }).fill('Incorrecta-123');
  await page.getByRole('button', { name: 'Ingresar' }).click();
  // Beside the field, in plain Spanish: no toast, no code.
  await expect(page.getByLabel('Contraseña', { exact: true })).toHaveAccessibleDescription(
    'El email o la contraseña no son correctos. Revisalos o recuperá tu contraseña.',
  );
  await expect(page.getByText(/Código:/)).toHaveCount(0);
  await expect(page.getByLabel('Email')).toHaveValue(DEMO.email);
  await expect(page).toHaveURL(/\/login/);
});

test('the session sits in IndexedDB, a reload keeps it, and the one the localforage version kept is picked up', async ({
  page,
}) => {
  /** Every entry of database 'cubierto', object store 'app', and the database's version. */
  const readStore = () =>
    page.evaluate(
      () =>
        new Promise<{ version: number; entries: Array<[string, unknown]> }>((resolve, reject) => {
          const open = indexedDB.open('cubierto');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const db = open.result;
            const store = db.transaction('app', 'readonly').objectStore('app');
            const keys = store.getAllKeys();
            const values = store.getAll();
            values.onerror = () => reject(values.error);
            values.onsuccess = () => {
              const entries = keys.result.map((key, i): [string, unknown] => [String(key), values.result[i]]);
              db.close();
              resolve({ version: db.version, entries });
            };
          };
        }),
    );

  await signIn(page, DEMO.email, DEMO.password);
  await expect(page.getByText(/¡Hola, /)).toBeVisible();
  const session = await readStore();
  expect(Object.fromEntries(session.entries).token).toEqual(expect.stringMatching(/.{20,}/));
  expect(await page.evaluate(() => localStorage.getItem('cubierto/app/token'))).toBeNull();

  await page.reload();
  await expect(page).toHaveURL(/\/tabs/);
  await expect(page.getByText(/¡Hola, /)).toBeVisible();

  // The version before kept the same entries through localforage, in a database it opened twice (at 1 with
  // nothing, then at 2 with its store and one of its own). On a blank page of the origin, with the app gone.
  await page.route('**/storage-blank', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>blank</title>' }),
  );
  await page.goto('/storage-blank');
  await page.evaluate(
    (entries) =>
      new Promise<void>((resolve, reject) => {
        const gone = indexedDB.deleteDatabase('cubierto');
        gone.onerror = () => reject(gone.error);
        gone.onsuccess = () => {
          const first = indexedDB.open('cubierto');
          first.onerror = () => reject(first.error);
          first.onsuccess = () => {
            first.result.close();
            const second = indexedDB.open('cubierto', 2);
            second.onupgradeneeded = () => {
              second.result.createObjectStore('app');
              second.result.createObjectStore('local-forage-detect-blob-support');
            };
            second.onerror = () => reject(second.error);
            second.onsuccess = () => {
              const db = second.result;
              const write = db.transaction('app', 'readwrite');
              for (const [key, value] of entries) write.objectStore('app').put(value, key);
              write.onerror = () => reject(write.error);
              write.oncomplete = () => {
                db.close();
                resolve();
              };
            };
          };
        };
      }),
    session.entries,
  );
  expect((await readStore()).version).toBe(2);

  await page.goto('/');
  await expect(page).toHaveURL(/\/tabs/);
  await expect(page.getByText(/¡Hola, /)).toBeVisible();
  const after = await readStore();
  expect(after.version).toBe(2);
  expect(Object.fromEntries(after.entries).token).toBe(Object.fromEntries(session.entries).token);
});
