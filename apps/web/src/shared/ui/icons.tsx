/**
 * The few line icons the app uses, drawn inline so no icon library lands in the first page's bundle.
 * Decorative by default (aria-hidden); give them a label where they carry meaning alone.
 *
 * An icon is data: the shapes it draws (path data, circles, rounded rectangles) in a 24×24 box; one
 * component, `Icon`, draws any of them.
 */
import type { SVGProps } from 'react';

export type IconProps = SVGProps<SVGSVGElement> & { size?: number };

/** One stroke of an icon: SVG path data, or a circle / rectangle by its attributes. */
export type IconShape =
  | string
  | { circle: readonly [cx: number, cy: number, r: number] }
  | { rect: readonly [x: number, y: number, width: number, height: number, rx: number] };

export const circle = (cx: number, cy: number, r: number): IconShape => ({ circle: [cx, cy, r] });
export const rect = (x: number, y: number, width: number, height: number, rx: number): IconShape => ({
  rect: [x, y, width, height, rx],
});

function Shape({ shape }: { shape: IconShape }) {
  if (typeof shape === 'string') return <path d={shape} />;
  if ('circle' in shape) {
    const [cx, cy, r] = shape.circle;
    return <circle cx={cx} cy={cy} r={r} />;
  }
  const [x, y, width, height, rx] = shape.rect;
  return <rect x={x} y={y} width={width} height={height} rx={rx} />;
}

/** The frame of every line icon: 24×24, stroked in the current colour, drawing `shapes` (or children). */
export function Icon({
  size = 20,
  shapes = [],
  children,
  ...props
}: IconProps & { shapes?: readonly IconShape[] }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {shapes.map((shape, index) => (
        // The shapes of an icon never change order.
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed data
        <Shape key={index} shape={shape} />
      ))}
      {children}
    </svg>
  );
}

/** An icon component drawing these shapes. */
export function lineIcon(...shapes: IconShape[]) {
  return function LineIcon(props: IconProps) {
    return <Icon {...props} shapes={shapes} />;
  };
}

export const IconHome = lineIcon('M3 11.5 12 4l9 7.5', 'M5 10v10h5v-6h4v6h5V10');
export const IconUser = lineIcon(circle(12, 8, 4), 'M4 21c0-4 3.6-7 8-7s8 3 8 7');
export const IconLogout = lineIcon(
  'M14 8V5a2 2 0 0 0-2-2H5a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h7a2 2 0 0 0 2-2v-3',
  'M9 12h12l-3-3m0 6 3-3',
);
export const IconHelp = lineIcon(
  'M21 12a9 9 0 1 1-3.4-7.05',
  'M21 12c0 1.5-.4 3-1 4.3L21 21l-4.7-1',
  'M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6v.1',
  'M12 17h.01',
);
export const IconCheck = lineIcon('m5 12.5 4.5 4.5L19 7.5');
export const IconX = lineIcon('M18 6 6 18M6 6l12 12');
export const IconAlert = lineIcon('M12 3 2 20h20z', 'M12 10v4M12 17h.01');
export const IconInfo = lineIcon(circle(12, 12, 9), 'M12 11v5M12 8h.01');
export const IconShield = lineIcon(
  'M12 3 4 6v6c0 4.5 3.4 8.3 8 9 4.6-.7 8-4.5 8-9V6z',
  'm8.5 12 2.5 2.5 4.5-4.5',
);
export const IconFileText = lineIcon(
  'M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z',
  'M14 3v5h5M9 13h6M9 17h4',
);
export const IconMail = lineIcon(rect(3, 5, 18, 14, 2), 'm3 7 9 6 9-6');
export const IconUpload = lineIcon('M12 16V4m-5 5 5-5 5 5', 'M4 16v3a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-3');
export const IconEye = lineIcon('M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z', circle(12, 12, 3));
export const IconEyeOff = lineIcon(
  'M10.6 5.1A10.8 10.8 0 0 1 12 5c6.4 0 10 7 10 7a17.7 17.7 0 0 1-2.6 3.5M6.6 6.6C3.9 8.4 2 12 2 12s3.6 7 10 7a9.7 9.7 0 0 0 5.4-1.6',
  'M9.9 9.9a3 3 0 0 0 4.2 4.2M3 3l18 18',
);
export const IconWallet = lineIcon(
  'M4 7h15a1 1 0 0 1 1 1v11a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V6a2 2 0 0 1 2-2h11v3',
  'M16 13.5h.01',
);
export const IconCreditCard = lineIcon(rect(3, 5, 18, 14, 2), 'M3 10h18M7 15h3');
export const IconReceipt = lineIcon('M5 3h14v18l-3-2-2 2-2-2-2 2-2-2-3 2z', 'M9 8h6M9 12h6M9 16h3');
export const IconGift = lineIcon(
  'M3 8h18v4H3zM5 12v9h14v-9M12 8v13',
  'M12 8S10.5 3 8 3.5 7 8 12 8zM12 8s1.5-5 4-4.5S17 8 12 8z',
);
export const IconCopy = lineIcon(
  rect(9, 9, 12, 12, 2),
  'M5 15H4a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1h10a1 1 0 0 1 1 1v1',
);
export const IconBell = lineIcon(
  'M6 8a6 6 0 1 1 12 0c0 7 3 8 3 8H3s3-1 3-8',
  'M10.3 20a1.94 1.94 0 0 0 3.4 0',
);
export const IconBuilding = lineIcon(
  'M4 21V5a1 1 0 0 1 1-1h9a1 1 0 0 1 1 1v16',
  'M15 9h4a1 1 0 0 1 1 1v11M3 21h18M8 8h3M8 12h3M8 16h3',
);
/** Leaving the app: a box with an arrow out of it. */
export const IconExternalLink = lineIcon(
  'M14 4h6v6M20 4l-9 9',
  'M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5',
);
export const IconClaim = lineIcon(
  'M9 4H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V6a2 2 0 0 0-2-2h-2',
  rect(9, 2.5, 6, 3, 1),
  'M12 10v4M12 17.5v.01',
);
