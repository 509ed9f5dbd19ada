/**
 * Icons of the catalogue and of "Mis contrataciones": one per risk type, and the actions of the coverage
 * dialog and the insurance detail. Kept apart from icons.tsx, which travels with the login page.
 */
import type { RiskTypeCode } from '@cubierto/contracts';
import type { ComponentType } from 'react';
import { Icon, type IconProps, IconShield } from './icons.tsx';

export const IconCellPhone = (props: IconProps) => (
  <Icon {...props}>
    <rect x="6" y="2.5" width="12" height="19" rx="2.5" />
    <path d="M11 18h2" />
  </Icon>
);

export const IconBicycle = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="5.5" cy="16.5" r="3.5" />
    <circle cx="18.5" cy="16.5" r="3.5" />
    <path d="m5.5 16.5 4-7h6l3 7M9.5 9.5l3 7h-7M14 6h2.5l-1 3.5" />
  </Icon>
);

export const IconMotorcycle = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="5" cy="16" r="3" />
    <circle cx="19" cy="16" r="3" />
    <path d="M7.5 14H12l3-5h3l1 7M15 9l-2-3h-2M8 11h5" />
  </Icon>
);

export const IconHeart = (props: IconProps) => (
  <Icon {...props}>
    <path d="M19.5 12.6 12 20l-7.5-7.4A5 5 0 1 1 12 6a5 5 0 1 1 7.5 6.6z" />
  </Icon>
);

export const IconBag = (props: IconProps) => (
  <Icon {...props}>
    <path d="M5 8h14l-1 12a1 1 0 0 1-1 1H7a1 1 0 0 1-1-1z" />
    <path d="M9 11V6a3 3 0 0 1 6 0v5" />
  </Icon>
);

export const IconStethoscope = (props: IconProps) => (
  <Icon {...props}>
    <path d="M6 3H5a1 1 0 0 0-1 1v4a5 5 0 0 0 10 0V4a1 1 0 0 0-1-1h-1" />
    <path d="M9 13v2a5 5 0 0 0 10 0v-2" />
    <circle cx="19" cy="11" r="2" />
  </Icon>
);

export const IconHouse = (props: IconProps) => (
  <Icon {...props}>
    <path d="M3 11.5 12 4l9 7.5" />
    <path d="M5.5 9.5V20h13V9.5M10 20v-5h4v5" />
  </Icon>
);

export const IconStore = (props: IconProps) => (
  <Icon {...props}>
    <path d="M3 21h18M4 7h16l-1-3H5zM4 7v2a2.7 2.7 0 0 0 5.3 0 2.7 2.7 0 0 0 5.4 0A2.7 2.7 0 0 0 20 9V7" />
    <path d="M5 11v10M19 11v10M9 21v-5h6v5" />
  </Icon>
);

export const IconPlane = (props: IconProps) => (
  <Icon {...props}>
    <path d="M10.5 13.5 4 11l1.5-1.5 7 .5 4-4a2.1 2.1 0 0 1 3 3l-4 4 .5 7L14.5 21 12 14.5l-3 3V20l-1.5 1.5-1-3.5L3 17l1.5-1.5H7z" />
  </Icon>
);

export const IconCart = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="9" cy="19.5" r="1.5" />
    <circle cx="17" cy="19.5" r="1.5" />
    <path d="M3 4h2l2.4 11.2a1 1 0 0 0 1 .8h8.9a1 1 0 0 0 1-.8L20 8H6" />
  </Icon>
);

export const IconTruck = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="7" cy="17.5" r="2" />
    <circle cx="17" cy="17.5" r="2" />
    <path d="M5 17.5H3V6h11v11.5H9M14 9h4l3 4v4.5h-2" />
  </Icon>
);

export const IconFirstAid = (props: IconProps) => (
  <Icon {...props}>
    <rect x="3" y="6" width="18" height="14" rx="2" />
    <path d="M9 6V4h6v2M12 10v6M9 13h6" />
  </Icon>
);

export const IconThumbUp = (props: IconProps) => (
  <Icon {...props}>
    <path d="M7 11v9H4a1 1 0 0 1-1-1v-7a1 1 0 0 1 1-1zM7 11l4-7a2 2 0 0 1 2.5 2.5L13 10h5.5a2 2 0 0 1 2 2.3l-1.2 6A2 2 0 0 1 17.3 20H7" />
  </Icon>
);

export const IconThumbDown = (props: IconProps) => (
  <Icon {...props}>
    <path d="M7 13V4H4a1 1 0 0 0-1 1v7a1 1 0 0 0 1 1zM7 13l4 7a2 2 0 0 0 2.5-2.5L13 14h5.5a2 2 0 0 0 2-2.3l-1.2-6A2 2 0 0 0 17.3 4H7" />
  </Icon>
);

export const IconDownload = (props: IconProps) => (
  <Icon {...props}>
    <path d="M12 4v12m-5-5 5 5 5-5" />
    <path d="M4 17v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-2" />
  </Icon>
);

export const IconExternal = (props: IconProps) => (
  <Icon {...props}>
    <path d="M12 6H6a2 2 0 0 0-2 2v10a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-6M11 13l9-9M15 4h5v5" />
  </Icon>
);

export const IconChevronRight = (props: IconProps) => (
  <Icon {...props}>
    <path d="m9 6 6 6-6 6" />
  </Icon>
);

export const IconArrowLeft = (props: IconProps) => (
  <Icon {...props}>
    <path d="M19 12H5m6-6-6 6 6 6" />
  </Icon>
);

export const IconCalendar = (props: IconProps) => (
  <Icon {...props}>
    <rect x="4" y="5" width="16" height="16" rx="2" />
    <path d="M16 3v4M8 3v4M4 11h16" />
  </Icon>
);

export const IconTrash = (props: IconProps) => (
  <Icon {...props}>
    <path d="M4 7h16M10 11v6M14 11v6M5 7l1 12a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2l1-12M9 7V4h6v3" />
  </Icon>
);

export const IconCircleCheck = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="12" cy="12" r="9" />
    <path d="m8.5 12 2.5 2.5 4.5-4.5" />
  </Icon>
);

export const IconCircleX = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="12" cy="12" r="9" />
    <path d="m9.5 9.5 5 5m0-5-5 5" />
  </Icon>
);

export const IconClock = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v5l3 3" />
  </Icon>
);

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
