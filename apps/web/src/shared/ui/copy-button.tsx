/**
 * Copies a text to the clipboard and says so with the spec's toast: '{label} copiado', 2 s (spec §8, §9).
 * Every copy button of the app is this one.
 */
import { Button, type ButtonProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { showToast } from '../toasts/toasts.tsx';
import { IconCopy } from './icons.tsx';

export const COPY_TOAST_DURATION = 2_000;

/** Writes to the clipboard; older browsers and some webviews only have the selection API. */
export async function copyText(value: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(value);
    return true;
  } catch {
    const area = document.createElement('textarea');
    area.value = value;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.append(area);
    area.select();
    const copied = document.execCommand('copy');
    area.remove();
    return copied;
  }
}

type CopyButtonProps = Omit<ButtonProps, 'children' | 'onClick'> & {
  /** What is copied. */
  value: string;
  /** What it is, as the toast names it ('Código', 'Enlace'). */
  label: string;
};

export function CopyButton({ value, label, ...props }: CopyButtonProps) {
  const { t } = useTranslation();
  return (
    <Button
      variant="light"
      leftSection={<IconCopy size={18} />}
      {...props}
      onClick={async () => {
        const copied = await copyText(value);
        showToast(
          copied
            ? { type: 'success', message: t('common.copied', { label }), duration: COPY_TOAST_DURATION }
            : { type: 'danger', message: t('common.copyFailed'), duration: COPY_TOAST_DURATION },
        );
      }}
    >
      {t('common.copyLabel', { label: label.toLowerCase() })}
    </Button>
  );
}
