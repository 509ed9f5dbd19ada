/**
 * Icons of the catalogue and of "Mis contrataciones": one per risk type (risk-type-icons.tsx, re-exported
 * here), and the actions of the coverage dialog and the insurance detail. Kept apart from icons.tsx, which
 * travels with the login page.
 */
import { circle, lineIcon, rect } from './icons.tsx';

export {
  IconBag,
  IconBicycle,
  IconCart,
  IconCellPhone,
  IconFirstAid,
  IconHeart,
  IconHouse,
  IconMotorcycle,
  IconPlane,
  IconStethoscope,
  IconStore,
  IconTruck,
  RiskTypeIcon,
} from './risk-type-icons.tsx';

export const IconThumbUp = lineIcon(
  'M7 11v9H4a1 1 0 0 1-1-1v-7a1 1 0 0 1 1-1zM7 11l4-7a2 2 0 0 1 2.5 2.5L13 10h5.5a2 2 0 0 1 2 2.3l-1.2 6A2 2 0 0 1 17.3 20H7',
);
export const IconThumbDown = lineIcon(
  'M7 13V4H4a1 1 0 0 0-1 1v7a1 1 0 0 0 1 1zM7 13l4 7a2 2 0 0 0 2.5-2.5L13 14h5.5a2 2 0 0 0 2-2.3l-1.2-6A2 2 0 0 0 17.3 4H7',
);
export const IconDownload = lineIcon('M12 4v12m-5-5 5 5 5-5', 'M4 17v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-2');
export const IconExternal = lineIcon(
  'M12 6H6a2 2 0 0 0-2 2v10a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-6M11 13l9-9M15 4h5v5',
);
export const IconChevronRight = lineIcon('m9 6 6 6-6 6');
export const IconArrowLeft = lineIcon('M19 12H5m6-6-6 6 6 6');
export const IconCalendar = lineIcon(rect(4, 5, 16, 16, 2), 'M16 3v4M8 3v4M4 11h16');
export const IconTrash = lineIcon(
  'M4 7h16M10 11v6M14 11v6M5 7l1 12a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2l1-12M9 7V4h6v3',
);
export const IconCircleCheck = lineIcon(circle(12, 12, 9), 'm8.5 12 2.5 2.5 4.5-4.5');
export const IconCircleX = lineIcon(circle(12, 12, 9), 'm9.5 9.5 5 5m0-5-5 5');
export const IconClock = lineIcon(circle(12, 12, 9), 'M12 7v5l3 3');
