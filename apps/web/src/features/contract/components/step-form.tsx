/**
 * The form of one step: validated with the step's own schema from the contracts (the one the API uses,
 * so the messages match), saved with PUT …/steps/{step} before moving on. A 422 puts each message on its
 * field and keeps what the customer typed; other failures go to the central error handler.
 */
import { type InsuranceProcess, type StepName, stepSchema } from '@cubierto/contracts';
import { Alert, Button, Flex, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ZodType } from 'zod';
import { handleError } from '../../../shared/errors/error-handler.tsx';
import { apiValidations } from '../../../shared/forms/api-validations.ts';
import { useApiForm } from '../../../shared/forms/use-api-form.ts';
import { IconAlert } from '../../../shared/ui/icons.tsx';
import { useSaveStepMutation } from '../api/save-step.ts';
import type { StepValues } from '../model/step-values.ts';

type StepFormProps = {
  process: InsuranceProcess;
  step: StepName;
  defaultValues: StepValues;
  today: string;
  /** id of the step's heading, which names the form. */
  labelledBy: string;
  onSaved: (process: InsuranceProcess) => void;
  onBack?: (() => void) | undefined;
  children: ReactNode;
};

export function StepForm({
  process,
  step,
  defaultValues,
  today,
  labelledBy,
  onSaved,
  onBack,
  children,
}: StepFormProps) {
  const { t } = useTranslation();
  const code = process.risk_type.short_code;
  // The form's values have the shape of the step's body, so the API's paths ("insured.dni",
  // "travellers.0.dni", "address.zip_code", "photos") are the form's field names.
  const form = useApiForm<StepValues>({
    schema: stepSchema(code, step, today) as ZodType<StepValues, StepValues>,
    defaultValues,
    mode: 'onTouched',
  });
  const save = useSaveStepMutation();

  const submit = form.handleSubmit(async (body) => {
    try {
      onSaved(await save.mutateAsync({ processId: process.id, step, body }));
    } catch (error) {
      form.applyApiErrors(error);
      // A 422's messages are shown on the form; anything else by the central error handler.
      if (Object.keys(apiValidations(error)).length === 0) handleError(error, 51);
    }
  });

  return (
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate aria-labelledby={labelledBy}>
        <Stack gap="lg">
          {form.formError && (
            <Alert color="red.9" variant="light" icon={<IconAlert />} role="alert">
              <Text size="sm">{form.formError}</Text>
            </Alert>
          )}
          {children}
          <StepActions
            onBack={onBack}
            submitting={form.formState.isSubmitting}
            submitLabel={t('contract.next')}
          />
        </Stack>
      </form>
    </FormProvider>
  );
}

type StepActionsProps = {
  onBack?: (() => void) | undefined;
  submitting: boolean;
  submitLabel: string;
  onSubmit?: () => void;
  disabled?: boolean;
};

/** 'Volver' and the step's main action: side by side on a desktop, stacked (main first) on a phone. */
export function StepActions({ onBack, submitting, submitLabel, onSubmit, disabled }: StepActionsProps) {
  const { t } = useTranslation();
  return (
    <Flex
      direction={{ base: 'column-reverse', xs: 'row' }}
      justify={onBack ? 'space-between' : 'flex-end'}
      gap="sm"
      mt="xs"
    >
      {onBack && (
        <Button variant="default" onClick={onBack} disabled={submitting}>
          {t('common.back')}
        </Button>
      )}
      <Button
        type={onSubmit ? 'button' : 'submit'}
        onClick={onSubmit}
        loading={submitting}
        disabled={disabled}
        miw={{ xs: 200 }}
      >
        {submitLabel}
      </Button>
    </Flex>
  );
}
