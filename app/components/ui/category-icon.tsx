import {
  Building2,
  Hammer,
  HardHat,
  House,
  PaintRoller,
  Trees,
  Waves,
  Wrench,
  Zap,
  type LucideIcon,
} from "lucide-react";
import type { CategoryIcon as CategoryIconName } from "~/site";

const ICONS: Record<CategoryIconName, LucideIcon> = {
  "hard-hat": HardHat,
  hammer: Hammer,
  house: House,
  wrench: Wrench,
  zap: Zap,
  trees: Trees,
  waves: Waves,
  building: Building2,
  "paint-roller": PaintRoller,
};

export function CategoryIcon({ name, className }: { name: CategoryIconName; className?: string }) {
  const Icon = ICONS[name];
  return <Icon aria-hidden="true" className={className} />;
}
