import { useLingui } from "@lingui/react/macro";
import { Award, BadgeCheck, ClipboardList, Users } from "lucide-react";
import { WHY_CHOOSE_US } from "./home-content";

const ICONS = {
  award: Award,
  users: Users,
  "badge-check": BadgeCheck,
  "clipboard-list": ClipboardList,
} as const;

/** Why Choose Us: four cards (spec §2). */
export function WhyChooseUs() {
  const { i18n } = useLingui();
  return (
    <ul className="grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-4">
      {WHY_CHOOSE_US.map((item) => {
        const Icon = ICONS[item.icon];
        return (
          <li
            key={item.icon}
            className="grid content-start gap-3 rounded-card bg-surface p-6 shadow-card"
          >
            <span className="grid size-12 place-items-center rounded-full bg-navy-800 text-white">
              <Icon aria-hidden="true" className="size-6" />
            </span>
            <h3 className="text-lg font-bold text-navy-900">{i18n._(item.title)}</h3>
            <p className="text-sm leading-relaxed text-muted">{i18n._(item.body)}</p>
          </li>
        );
      })}
    </ul>
  );
}
