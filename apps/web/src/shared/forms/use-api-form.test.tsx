import { MantineProvider, TextInput } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../api/api-error.ts';
import { useApiForm } from './use-api-form.ts';

const NameSchema = z.object({ name: z.string().min(2, 'Ingresá tu nombre'), email: z.string() });

function NameForm({ failWith, lazy = false }: { failWith: ApiError; lazy?: boolean }) {
  const form = useApiForm({
    schema: lazy ? async () => NameSchema : NameSchema,
    defaultValues: { name: '', email: '' },
  });
  const onSubmit = form.handleSubmit(async () => {
    form.applyApiErrors(failWith);
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <TextInput label="Nombre" {...form.register('name')} error={form.formState.errors.name?.message} />
      <TextInput label="Correo" {...form.register('email')} error={form.formState.errors.email?.message} />
      {form.formError && <p role="alert">{form.formError}</p>}
      <button type="submit">Guardar</button>
    </form>
  );
}

const refusal = new ApiError(422, {
  message: 'Los datos no son válidos.',
  validations: { email: ['El correo ya está en uso.'], _: ['Probá de nuevo más tarde.'], other: ['Otra.'] },
  error_code: 'validation_failed',
});

describe('useApiForm', () => {
  it('shows the schema message beside the field and does not submit', async () => {
    const user = userEvent.setup();
    render(
      <MantineProvider>
        <NameForm failWith={refusal} />
      </MantineProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Ingresá tu nombre')).toBeInTheDocument();
    expect(screen.queryByText('El correo ya está en uso.')).not.toBeInTheDocument();
  });

  it.each([false, true])(
    "puts a 422's validations under their fields and the rest as the form's error (lazy schema: %s)",
    async (lazy) => {
      const user = userEvent.setup();
      render(
        <MantineProvider>
          <NameForm failWith={refusal} lazy={lazy} />
        </MantineProvider>,
      );
      await user.type(screen.getByLabelText('Nombre'), 'Sofía');
      await user.click(screen.getByRole('button', { name: 'Guardar' }));
      expect(await screen.findByText('El correo ya está en uso.')).toBeInTheDocument();
      expect(screen.getByLabelText('Correo')).toHaveAttribute('aria-invalid', 'true');
      expect(screen.getByRole('alert')).toHaveTextContent('Probá de nuevo más tarde. Otra.');
      await waitFor(() => expect(screen.getByLabelText('Correo')).toHaveFocus());
    },
  );

  it('places nothing for an error without validations', async () => {
    const results: boolean[] = [];
    function Probe() {
      const form = useApiForm({ schema: NameSchema, defaultValues: { name: '', email: '' } });
      results.push(form.applyApiErrors(new ApiError(0, null)), form.applyApiErrors(new Error('x')));
      return null;
    }
    render(<Probe />);
    expect(results.slice(0, 2)).toEqual([false, false]);
  });
});
