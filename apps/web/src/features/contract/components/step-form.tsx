/**
 * The form of one screen: one step, or the risk screen's steps side by side (what is insured, then the
 * photos or a trip's dates; issue 19). Each step's answers are validated with that step's own schema from
 * the contracts (the one the API uses, so the messages match) and saved with PUT …/steps/{step}, one after
 * the other, before moving on. A 422 of any of them puts each message on its field and keeps what the
 * customer typed; other failures go to the central error handler.
 */
import { type InsuranceProcess, type RiskTypeCode, type StepName, stepSchema } from '@cubierto/contracts';
import { Alert, Button, Flex, Stack, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type ZodType, z } from 'zod';
import { handleError } from '../../../shared/errors/error-handler.tsx';
import { apiValidations } from '../../../shared/forms/api-validations.ts';
import { useApiForm } from '../../../shared/forms/use-api-form.ts';
import { IconAlert } from '../../../shared/ui/icons.tsx';
import { useSaveStepMutation } from '../api/save-step.ts';
import { partValues, type ScreenPart, type StepValues } from '../model/step-values.ts';

type StepBodies = Partial<Record<StepName, unknown>>;

/**
 * The schema of a screen's form: each step's own schema on its keys; the issues keep their paths (the
 * form's field names), and the output is each step's body.
 */
export function screenSchema(
  code: RiskTypeCode,
  parts: readonly ScreenPart[],
  today: string,
): ZodType<StepBodies, StepValues> {
  const checks = parts.map((part) => ({ part, schema: stepSchema(code, part.step, today) }));
  return z.record(z.string(), z.unknown()).transform((values, ctx) => {
    const bodies: StepBodies = {};
    for (const { part, schema } of checks) {
      const parsed = schema.safeParse(partValues(values, part));
      if (parsed.success) bodies[part.step] = parsed.data;
      else
        for (const issue of parsed.error.issues)
          ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    }
    return bodies;
  }) as unknown as ZodType<StepBodies, StepValues>;
}

type StepFormProps = {
  process: InsuranceProcess;
  /** The screen's steps, in the order they are saved, and the form's keys of each. */
  parts: readonly ScreenPart[];
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
  parts,
  defaultValues,
  today,
  labelledBy,
  onSaved,
  onBack,
  children,
}: StepFormProps) {
  const { t } = useTranslation();
  const code = process.risk_type.short_code;
  // The form's values have the shape of the steps' bodies, so the API's paths ("insured.dni",
  // "travellers.0.dni", "address.zip_code", "photos", "end_date") are the form's field names.
  const form = useApiForm<StepValues, StepBodies>({
    // Built when first needed (the first field left, or the submit), not on every render.
    schema: async () => screenSchema(code, parts, today),
    defaultValues,
    mode: 'onTouched',
  });
  // The fields take the form's methods from the context (register, setValue, getValues, control: the same
  // functions for the form's life) and their own state with useFormState, so the context keeps the value
  // it had first: a change of the form's state (ready as it mounts, submitting) draws this component
  // again, not every field of the screen with it.
  const [methods] = useState(form);
  const save = useSaveStepMutation();

  const submit = form.handleSubmit(async (bodies) => {
    try {
      let saved = process;
      for (const { step } of parts)
        saved = await save.mutateAsync({ processId: process.id, step, body: bodies[step] });
      onSaved(saved);
    } catch (error) {
      form.applyApiErrors(error);
      // A 422's messages are shown on the form; anything else by the central error handler.
      if (Object.keys(apiValidations(error)).length === 0) handleError(error, 51);
    }
  });

  return (
    <FormProvider {...methods}>
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
