/**
 * The instructional modals of spec §2 item 5: an illustration, what to do and 'Entendido'. Both photo
 * modals of a phone or a bicycle also say that two images are needed to confirm.
 */
import type { RiskTypeCode } from '@cubierto/contracts';
import { openInfoDialog } from '../../../shared/dialogs/dialogs.tsx';
import { t } from '../../../shared/i18n/i18n.ts';

export type InstructionKind =
  | 'imei'
  | 'serial-number'
  | 'frame-number'
  | 'cell-phone-photo-1'
  | 'cell-phone-photo-2'
  | 'bicycle-photo-1'
  | 'bicycle-photo-2';

/** The modal of each of the two photos: named after the risk type that asks for them. */
export function photoInstructionKind(code: RiskTypeCode, index: number): InstructionKind {
  return `${code}-photo-${index + 1}` as InstructionKind;
}

/** Resolves to true when the customer pressed 'Entendido'. */
export async function showInstructions(kind: InstructionKind): Promise<boolean> {
  const result = await openInfoDialog({
    imgUrl: `/assets/contract/${kind}.svg`,
    title: t(`contract.instructions.${kind}.title`),
    subTitle: t(`contract.instructions.${kind}.description`),
    buttonText: t('contract.instructions.ok'),
    buttonColor: 'brand',
  });
  return result.role === 'confirm';
}
