/**
 * The form of one step: validated with the step's own schema from the contracts (the one the API uses,
 * so the messages match), saved with PUT …/steps/{step} before moving on. A 422 puts each message on its
 * field and keeps what the customer typed; other failures go to the central error handler.
 */
import { type InsuranceProcess, type StepName, stepSchema } from '@cubierto/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Flex, Stack, Text } from '@mantine/core';
import { type ReactNode, useMemo, useState } from 'react';
import { FormProvider, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ZodType } from 'zod';
import { handleError } from '../../../shared/errors/error-handler.tsx';
import { IconAlert } from '../../../shared/ui/icons.tsx';
import { saveStep } from '../api/save-step.ts';
import { splitApiValidations } from '../model/api-field-errors.ts';
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
  const resolver = useMemo(
    () =>
      zodResolver(stepSchema(code, step, today) as ZodType<StepValues, StepValues>) as Resolver<StepValues>,
    [code, step, today],
  );
  const form = useForm<StepValues>({ resolver, defaultValues, mode: 'onTouched' });
  const [general, setGeneral] = useState<string[]>([]);

  const submit = form.handleSubmit(async (body) => {
    setGeneral([]);
    try {
      onSaved(await saveStep(process.id, step, body));
    } catch (error) {
      const split = splitApiValidations(error, form.getValues());
      if (!split) {
        handleError(error, 51);
        return;
      }
      split.fields.forEach(({ path, message }, index) => {
        form.setError(path, { type: 'server', message }, { shouldFocus: index === 0 });
      });
      setGeneral(split.general);
    }
  });

  return (
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate aria-labelledby={labelledBy}>
        <Stack gap="lg">
          {general.length > 0 && (
            <Alert color="red.9" variant="light" icon={<IconAlert />} role="alert">
              {general.map((line) => (
                <Text key={line} size="sm">
                  {line}
                </Text>
              ))}
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
