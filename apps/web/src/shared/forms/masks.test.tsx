/** Masked text inputs (spec §5): DNI, CUIT, phone, plate, IMEI and card-like numbers, within maxLength. */
import { DniSchema, isValidImei, isValidPlate } from '@cubierto/contracts';
import { TextInput } from '@mantine/core';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormProvider, useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { renderWithMantine } from '../../../test/render.tsx';
import { TextField } from '../../features/contract/components/form-fields.tsx';
import { type MaskKind, maskMaxLength, maskValue } from './masks.ts';

describe('maskValue', () => {
  it.each<[MaskKind, string, string]>([
    ['dni', '12345678', '12.345.678'],
    ['dni', '1234567', '1.234.567'],
    ['dni', '12a34', '1.234'],
    ['dni', '123456789', '12.345.678'],
    ['cuit', '20123456783', '20-12345678-3'],
    ['cuit', '201', '20-1'],
    ['document', '12345678', '12.345.678'],
    ['document', '201234567', '20-1234567'],
    ['phone', '+5491144445555', '+54 9114 4445 555'],
    ['phone', '11 4444-5555', '11 4444 5555'],
    ['plate', 'ab123cd', 'AB 123 CD'],
    ['plate', 'abc-123', 'ABC 123'],
    ['imei', '352099001761481', '35-209900-176148-1'],
    ['card', '4509953566233704', '4509 9535 6623 3704'],
  ])('%s: "%s" → "%s"', (kind, typed, shown) => {
    expect(maskValue(kind, typed)).toBe(shown);
  });

  it('never shows more than the maxLength it is given, dropping whole characters', () => {
    expect(maskValue('dni', '12345678', 8)).toBe('123.456');
    expect(maskValue('imei', '352099001761481', 10)).toBe('35-209900');
    expect(maskValue('card', '4509953566233704', 19)).toBe('4509 9535 6623 3704');
  });

  it('fills exactly the maxLength of a full value', () => {
    expect(maskMaxLength('dni')).toBe(10);
    expect(maskMaxLength('cuit')).toBe(13);
    expect(maskMaxLength('document')).toBe(13);
    expect(maskMaxLength('plate')).toBe(9);
    expect(maskMaxLength('imei')).toBe(18);
    expect(maskMaxLength('card')).toBe(19);
  });

  it('shows what the shared schemas accept as they are', () => {
    expect(DniSchema.parse(maskValue('dni', '12345678'))).toBe('12345678');
    expect(isValidImei(maskValue('imei', '352099001761481'))).toBe(true);
    expect(isValidPlate(maskValue('plate', 'ab123cd'))).toBe(true);
  });
});

function MaskedForm({ mask, maxLength }: { mask: MaskKind; maxLength?: number }) {
  const form = useForm<{ value: string }>({ defaultValues: { value: '' } });
  return (
    <FormProvider {...form}>
      <TextField name="value" label="Campo" mask={mask} {...(maxLength ? { maxLength } : {})} />
      <output data-testid="form-value">{form.watch('value')}</output>
    </FormProvider>
  );
}

describe('a masked field', () => {
  it('masks a DNI as the person types, and the form holds the masked text', async () => {
    renderWithMantine(<MaskedForm mask="dni" />);
    const input = screen.getByLabelText('Campo');
    expect(input).toHaveAttribute('maxLength', '10');
    await userEvent.type(input, '123456789');
    expect(input).toHaveValue('12.345.678');
    expect(screen.getByTestId('form-value')).toHaveTextContent('12.345.678');
  });

  it('keeps the caret after the digit typed in the middle', async () => {
    renderWithMantine(<MaskedForm mask="cuit" />);
    const input = screen.getByLabelText<HTMLInputElement>('Campo');
    await userEvent.type(input, '2012345683');
    expect(input).toHaveValue('20-12345683');
    // Insert the missing 7 after "20-123456".
    input.setSelectionRange(9, 9);
    await userEvent.type(input, '7', { initialSelectionStart: 9, initialSelectionEnd: 9 });
    expect(input).toHaveValue('20-12345678-3');
    expect(input.selectionStart).toBe(10);
  });

  it('respects a smaller maxLength given by the field', async () => {
    renderWithMantine(<MaskedForm mask="plate" maxLength={7} />);
    const input = screen.getByLabelText('Campo');
    expect(input).toHaveAttribute('maxLength', '7');
    await userEvent.type(input, 'abc123');
    expect(input).toHaveValue('ABC 123');
  });

  it('a plain TextInput shows the same masks through maskedRegistration', async () => {
    const { maskedRegistration } = await import('./masks.ts');
    function PhoneForm() {
      const { register } = useForm<{ phone: string }>();
      return <TextInput label="Teléfono" {...maskedRegistration(register('phone'), 'phone')} />;
    }
    renderWithMantine(<PhoneForm />);
    const input = screen.getByLabelText('Teléfono');
    await userEvent.type(input, '+54 (11) 4444-5555');
    expect(input).toHaveValue('+54 1144 4455 55');
  });
});
