/** Icons of the dashboard cards. Decorative: the link around them carries the name. */
import { Icon, type IconProps } from '../../../components/ui/icons';

/** The canvas: four areas around a centre. */
export const CanvasIcon = (props: IconProps) => (
  <Icon {...props}>
    <rect x="3" y="3" width="7" height="7" rx="1.5" />
    <rect x="14" y="3" width="7" height="7" rx="1.5" />
    <rect x="3" y="14" width="7" height="7" rx="1.5" />
    <rect x="14" y="14" width="7" height="7" rx="1.5" />
  </Icon>
);

/** The family page: a house. */
export const FamilyIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M3 11l9-7 9 7" />
    <path d="M5 10v10h14V10" />
    <path d="M10 20v-5h4v5" />
  </Icon>
);

/** The plan book: a bound book. */
export const BookIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M5 4.5A1.5 1.5 0 0 1 6.5 3H19v15H6.5A1.5 1.5 0 0 0 5 19.5z" />
    <path d="M5 19.5A1.5 1.5 0 0 0 6.5 21H19v-3" />
    <path d="M9 7h6" />
  </Icon>
);
