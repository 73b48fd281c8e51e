/** The note toolbar's icons. Decorative: each button carries its name. */
import { Icon, type IconProps } from '../../../components/ui/icons';

export const AlignLeftIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M4 6h16M4 10h10M4 14h16M4 18h10" />
  </Icon>
);
export const AlignCenterIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M4 6h16M7 10h10M4 14h16M7 18h10" />
  </Icon>
);
export const AlignRightIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M4 6h16M10 10h10M4 14h16M10 18h10" />
  </Icon>
);
export const NumberedListIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M10 6h10M10 12h10M10 18h10" />
    <path d="M4 5l1.5-1v5M3.5 14.5a1.5 1.5 0 0 1 3 .5c0 1-3 2-3 3.5h3" strokeWidth={1.5} />
  </Icon>
);
export const BulletListIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M10 6h10M10 12h10M10 18h10" />
    <circle cx="5" cy="6" r="1" fill="currentColor" />
    <circle cx="5" cy="12" r="1" fill="currentColor" />
    <circle cx="5" cy="18" r="1" fill="currentColor" />
  </Icon>
);
export const ItalicIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M14 4h-4M14 20h-4M14 4l-4 16" />
  </Icon>
);
export const BoldIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M7 4h6a4 4 0 0 1 0 8H7zM7 12h7a4 4 0 0 1 0 8H7z" />
  </Icon>
);
