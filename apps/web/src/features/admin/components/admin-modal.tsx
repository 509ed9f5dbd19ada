/** The back office's form dialog: Mantine's Modal with a named close button. */
import { Modal, type ModalProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function AdminModal(props: ModalProps) {
  const { t } = useTranslation();
  return <Modal closeButtonProps={{ 'aria-label': t('common.close') }} {...props} />;
}
