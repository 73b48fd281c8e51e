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
