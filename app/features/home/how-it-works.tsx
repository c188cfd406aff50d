import { HOW_IT_WORKS } from "./home-content";

/** The three-step explainer: share details, get matched, begin work (spec §1). */
export function HowItWorks() {
  return (
    <ol className="grid grid-cols-1 gap-5 md:grid-cols-3">
      {HOW_IT_WORKS.map((step, index) => (
        <li
          key={step.title}
          className="grid content-start gap-3 rounded-card bg-surface p-6 shadow-card"
        >
          <span
            aria-hidden="true"
            className="grid size-12 place-items-center rounded-full bg-accent-700 text-xl font-extrabold text-white"
          >
            {index + 1}
          </span>
          <h3 className="text-lg font-bold text-navy-900">
            <span className="sr-only">Step {index + 1}: </span>
            {step.title}
          </h3>
          <p className="text-sm leading-relaxed text-muted">{step.body}</p>
        </li>
      ))}
    </ol>
  );
}
