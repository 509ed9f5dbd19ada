/**
 * The icon of each risk type, for the catalogue and "Mis contrataciones". Apart from the other product
 * icons (product-icons.tsx re-exports these): the login page's catalogue draws them and nothing else.
 */
import type { RiskTypeCode } from '@cubierto/contracts';
import type { ComponentType } from 'react';
import { circle, type IconProps, IconShield, lineIcon, rect } from './icons.tsx';

export const IconCellPhone = lineIcon(rect(6, 2.5, 12, 19, 2.5), 'M11 18h2');
export const IconBicycle = lineIcon(
  circle(5.5, 16.5, 3.5),
  circle(18.5, 16.5, 3.5),
  'm5.5 16.5 4-7h6l3 7M9.5 9.5l3 7h-7M14 6h2.5l-1 3.5',
);
export const IconMotorcycle = lineIcon(
  circle(5, 16, 3),
  circle(19, 16, 3),
  'M7.5 14H12l3-5h3l1 7M15 9l-2-3h-2M8 11h5',
);
export const IconHeart = lineIcon('M19.5 12.6 12 20l-7.5-7.4A5 5 0 1 1 12 6a5 5 0 1 1 7.5 6.6z');
export const IconBag = lineIcon('M5 8h14l-1 12a1 1 0 0 1-1 1H7a1 1 0 0 1-1-1z', 'M9 11V6a3 3 0 0 1 6 0v5');
export const IconStethoscope = lineIcon(
  'M6 3H5a1 1 0 0 0-1 1v4a5 5 0 0 0 10 0V4a1 1 0 0 0-1-1h-1',
  'M9 13v2a5 5 0 0 0 10 0v-2',
  circle(19, 11, 2),
);
export const IconHouse = lineIcon('M3 11.5 12 4l9 7.5', 'M5.5 9.5V20h13V9.5M10 20v-5h4v5');
export const IconStore = lineIcon(
  'M3 21h18M4 7h16l-1-3H5zM4 7v2a2.7 2.7 0 0 0 5.3 0 2.7 2.7 0 0 0 5.4 0A2.7 2.7 0 0 0 20 9V7',
  'M5 11v10M19 11v10M9 21v-5h6v5',
);
export const IconPlane = lineIcon(
  'M10.5 13.5 4 11l1.5-1.5 7 .5 4-4a2.1 2.1 0 0 1 3 3l-4 4 .5 7L14.5 21 12 14.5l-3 3V20l-1.5 1.5-1-3.5L3 17l1.5-1.5H7z',
);
export const IconCart = lineIcon(
  circle(9, 19.5, 1.5),
  circle(17, 19.5, 1.5),
  'M3 4h2l2.4 11.2a1 1 0 0 0 1 .8h8.9a1 1 0 0 0 1-.8L20 8H6',
);
export const IconTruck = lineIcon(
  circle(7, 17.5, 2),
  circle(17, 17.5, 2),
  'M5 17.5H3V6h11v11.5H9M14 9h4l3 4v4.5h-2',
);
export const IconFirstAid = lineIcon(rect(3, 6, 18, 14, 2), 'M9 6V4h6v2M12 10v6M9 13h6');
const riskTypeIcons: Record<RiskTypeCode, ComponentType<IconProps>> = {
  'personal-accident': IconFirstAid,
  life: IconHeart,
  bag: IconBag,
  motorcycle: IconMotorcycle,
  telemedicine: IconStethoscope,
  home: IconHouse,
  store: IconStore,
  'travel-assistance': IconPlane,
  'protected-purchase': IconCart,
  'specific-vehicle-cargo': IconTruck,
  bicycle: IconBicycle,
  'cell-phone': IconCellPhone,
};

/** The icon of a risk type; a shield for a code this build does not know. */
export function RiskTypeIcon({ code, ...props }: IconProps & { code: string }) {
  const Glyph = riskTypeIcons[code as RiskTypeCode] ?? IconShield;
  return <Glyph {...props} />;
}
