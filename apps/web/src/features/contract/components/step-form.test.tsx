import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { useFormContext } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/providers.tsx';
import { createQueryClient } from '../../../shared/api/query-client.ts';
import { processOf } from '../testing/process-fixture.ts';
import { TextField } from './form-fields.tsx';
import { StepForm } from './step-form.tsx';

/** A field of the form that takes its methods from the form's context, as the fields do, and counts its draws. */
function CountedField({ draws }: { draws: string[] }) {
  useFormContext();
  draws.push('drawn');
  return <TextField name="description" label="Descripción" />;
}

function renderStepForm(draws: string[]) {
  const process = processOf('bag');
  render(
    <AppProviders>
      <QueryClientProvider client={createQueryClient()}>
        <StepForm
          process={process}
          parts={[{ step: 'risk', keys: ['description'] }]}
          defaultValues={{ description: '' }}
          today="2026-11-27"
          labelledBy="risk-heading"
          onSaved={() => {}}
        >
          <CountedField draws={draws} />
        </StepForm>
      </QueryClientProvider>
    </AppProviders>,
  );
}

describe('StepForm', () => {
  it('draws its fields once as it mounts: the form becoming ready redraws the form, not each field', async () => {
    const draws: string[] = [];
    renderStepForm(draws);
    expect(await screen.findByLabelText('Descripción')).toBeInTheDocument();
    // Let the layout and passive effects (react-hook-form's ready state) run their course.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(draws).toHaveLength(1);
  });
});
