import { useLingui } from "@lingui/react/macro";
import { HOW_IT_WORKS } from "./home-content";

/** The three-step explainer: share details, get matched, begin work (spec §1). */
export function HowItWorks() {
  const { i18n, t } = useLingui();
  return (
    <ol className="grid grid-cols-1 gap-5 md:grid-cols-3">
      {HOW_IT_WORKS.map((step, index) => {
        const number = index + 1;
        return (
          <li
            key={number}
            className="grid content-start gap-3 rounded-card bg-surface p-6 shadow-card"
          >
            <span
              aria-hidden="true"
              className="grid size-12 place-items-center rounded-full bg-accent-700 text-xl font-extrabold text-white"
            >
              {number}
            </span>
            <h3 className="text-lg font-bold text-navy-900">
              <span className="sr-only">{t`Step ${number}:`} </span>
              {i18n._(step.title)}
            </h3>
            <p className="text-sm leading-relaxed text-muted">{i18n._(step.body)}</p>
          </li>
        );
      })}
    </ol>
  );
}
