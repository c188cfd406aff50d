/**
 * A category's service cards (spec §2): six (four on paint and home
 * renovation), 1/2/3 columns, each with Get Started. Get Started goes to
 * /{selectedCity}/{service} when a city is stored, else remembers the service
 * and opens the location picker (page-local state). Cards enter one after the
 * other, 0.1 s apart (CSS; none with reduced motion).
 */
import type { CSSProperties, MouseEvent } from "react";
import { Link, useNavigate } from "react-router";
import { buttonClasses } from "~/components/ui/button";
import { Picture } from "~/components/ui/picture";
import { preloadLocationPicker, useLocationPicker } from "~/features/places/location-picker";
import { selectedCity } from "~/features/places/selected-city";
import { CARD_ENTRANCE_STAGGER_S } from "~/site";

export interface ServiceCardView {
  slug: string;
  title: string;
  description: string;
  image: string;
}

export function useGetStarted() {
  const navigate = useNavigate();
  const { openPicker, picker } = useLocationPicker();
  const getStarted = (service: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    const city = selectedCity();
    if (city) void navigate(`/${city}/${service}`);
    else openPicker(service);
  };
  return { getStarted, picker };
}

export function ServiceCards({ services }: { services: ServiceCardView[] }) {
  const { getStarted, picker } = useGetStarted();
  return (
    <>
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
              <Link
                to={`/search?service=${service.slug}`}
                onClick={getStarted(service.slug)}
                onPointerEnter={preloadLocationPicker}
                onFocus={preloadLocationPicker}
                aria-label={`Get Started with ${service.title}`}
                className={buttonClasses("primary", "md", "mt-auto self-start")}
              >
                Get Started
              </Link>
            </div>
          </li>
        ))}
      </ul>
      {picker}
    </>
  );
}
