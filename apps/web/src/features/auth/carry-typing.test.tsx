import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/api-mock.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { formBeingReplaced, handOverToLogin, takeFromReplacedForm } from './carry-typing.ts';
import { LoginPage } from './pages/login-page.tsx';
import { RegisterPage } from './pages/register-page.tsx';

function renderBoth(path: string) {
  mockApi({});
  return renderRoutes(
    [
      { path: '/login', Component: LoginPage },
      { path: '/register', Component: RegisterPage },
    ],
    path,
  );
}

/** A sign-in form as the pages draw it, in the page. */
function signInForm(email = '', password = '') {
  const form = document.createElement('form');
  form.innerHTML = '<input name="email"><input name="password" type="password">';
  document.body.append(form);
  const [emailInput, passwordInput] = [...form.querySelectorAll('input')] as [
    HTMLInputElement,
    HTMLInputElement,
  ];
  emailInput.value = email;
  passwordInput.value = password;
  return { form, email: emailInput, password: passwordInput };
}

type LinkClick = Parameters<ReturnType<typeof handOverToLogin>>[0];
// Only the button and the modifier keys of a click are read.
const click = (modifiers: Partial<LinkClick> = {}) =>
  ({ button: 0, metaKey: false, ctrlKey: false, shiftKey: false, altKey: false, ...modifiers }) as LinkClick;

/** The commit that draws the other page: the old form leaves and the new one comes, in one go. */
async function replace(old: HTMLFormElement, next: HTMLFormElement) {
  old.remove();
  document.body.append(next);
  // The hand-over runs once the page's changes are done (a mutation observer).
  await Promise.resolve();
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('typing carried between the registration and the login', () => {
  it("carries the e-mail, not a new account's password, from the registration to the login its 'Ingresá' opens", async () => {
    const user = userEvent.setup();
    renderBoth('/register');
    await user.type(await screen.findByLabelText('Email'), 'sofia@example.com');
    await user.type(screen.getByLabelText('Contraseña'), 'Nueva-clave-2025');
    await user.click(screen.getByRole('link', { name: 'Ingresá' }));

    await screen.findByRole('form', { name: 'Ingresá a tu cuenta' });
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveValue('sofia@example.com'));
    expect(screen.getByLabelText('Contraseña')).toHaveValue('');
  });

  it("carries the e-mail from the login to the registration its 'Registrate' opens", async () => {
    const user = userEvent.setup();
    renderBoth('/login');
    await user.type(await screen.findByLabelText('Email'), 'sofia@example.com');
    await user.click(screen.getByRole('link', { name: 'Registrate' }));

    await screen.findByRole('form', { name: 'Creá tu cuenta' });
    expect(screen.getByLabelText('Email')).toHaveValue('sofia@example.com');
  });

  it('hands the field being typed into, with its focus, to the form that replaces the registration', async () => {
    const registration = signInForm('sofia@', 'Nueva-clave-2025');
    handOverToLogin({ current: registration.form })(click());
    // Back into the form after the link: the visitor is typing their sign-in password.
    registration.password.focus();
    registration.password.value = 'Cubierto2025!';
    const login = signInForm();
    await replace(registration.form, login.form);

    expect(login.email).toHaveValue('sofia@');
    expect(login.password).toHaveValue('Cubierto2025!');
    expect(login.password).toHaveFocus();
  });

  it('leaves the form as it is for a link opened in another tab', async () => {
    const registration = signInForm('sofia@example.com');
    handOverToLogin({ current: registration.form })(click({ ctrlKey: true }));
    const login = signInForm();
    await replace(registration.form, login.form);
    expect(login.email).toHaveValue('');
  });

  it('takes from the login it replaces what it held as it left, and the field the visitor was in', () => {
    const login = signInForm('sofia', 'Cubierto2025!');
    login.email.focus();
    const replaced = formBeingReplaced();
    expect(replaced).toBe(login.form);
    // Typed between the registration's first render and its commit.
    login.email.value = 'sofia@example.com';
    login.form.remove();
    const registration = signInForm();

    const taken = takeFromReplacedForm(replaced);
    expect(taken).toMatchObject({ email: 'sofia@example.com', password: undefined });
    registration.email.value = taken?.email ?? '';
    taken?.focus(registration.form);
    expect(registration.email).toHaveFocus();
    // Once.
    expect(takeFromReplacedForm(replaced)).toBeUndefined();
  });

  it('takes nothing when no sign-in form was on screen', () => {
    expect(formBeingReplaced()).toBeUndefined();
    expect(takeFromReplacedForm(undefined)).toBeUndefined();
  });
});
