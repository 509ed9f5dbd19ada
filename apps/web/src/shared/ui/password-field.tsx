/**
 * A password input with a keyboard-reachable show/hide toggle labelled in Spanish. Built on TextInput
 * (rather than Mantine's PasswordInput, whose toggle is out of the tab order) and light enough for the
 * first page.
 */
import { TextInput, type TextInputProps, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconEye, IconEyeOff } from './icons.tsx';

export function PasswordField(props: Omit<TextInputProps, 'type'>) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <TextInput
      {...props}
      type={visible ? 'text' : 'password'}
      autoCapitalize="off"
      spellCheck={false}
      rightSectionPointerEvents="all"
      rightSection={
        <UnstyledButton
          type="button"
          onClick={() => setVisible((value) => !value)}
          aria-label={t('common.showPassword')}
          aria-pressed={visible}
          disabled={props.disabled}
          style={{ display: 'flex', padding: 6, borderRadius: 6, color: 'var(--mantine-color-gray-7)' }}
        >
          {visible ? <IconEyeOff size={18} /> : <IconEye size={18} />}
        </UnstyledButton>
      }
    />
  );
}
