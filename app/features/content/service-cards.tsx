/**
 * A category's service cards (spec §2): six (four on paint and home
 * renovation), 1/2/3 columns, each with Get Started. Get Started goes to
 * /{selectedCity}/{service} when a city is stored, else remembers the service
 * and opens the location picker (page-local state). Cards enter one after the
 * other, 0.1 s apart (CSS; none with reduced motion). Only the buttons are
 * islands; without JavaScript they lead to the search page for the service.
 */
import type { CSSProperties } from "react";
import { Picture } from "~/components/ui/picture";
import { GetStartedIsland } from "./get-started";

/** Spec §9: each card enters this much after the one before it. */
const CARD_ENTRANCE_STAGGER_S = 0.1;

export interface ServiceCardView {
  slug: string;
  title: string;
  description: string;
  image: string;
}

export function ServiceCards({ services }: { services: ServiceCardView[] }) {
  return (
    <ul className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
        {services.map((service, index) => (
          <li
            key={service.slug}
            data-service={service.slug}
            className="card-enter flex flex-col overflow-hidden rounded-card bg-surface shadow-card"
            style={{ "--enter-delay": `${(index * CARD_ENTRANCE_STAGGER_S).toFixed(1)}s` } as CSSProperties}
          >
            <Picture
              name={service.image}
              alt=""
              sizes="(min-width: 1024px) 24rem, (min-width: 768px) 50vw, 100vw"
              imgClassName="aspect-[4/3] w-full object-cover"
            />
            <div className="flex flex-1 flex-col gap-2 p-5">
              <h3 className="text-lg font-bold text-navy-900">{service.title}</h3>
              <p className="text-sm leading-relaxed text-muted">{service.description}</p>
              <GetStartedIsland slug={service.slug} title={service.title} />
            </div>
          </li>
        ))}
    </ul>
  );
}
