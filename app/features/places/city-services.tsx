/** City page: six services, each with Learn More (spec §2), in the page's language. */
import { Plural, Trans } from "@lingui/react/macro";
import { Picture } from "~/components/ui/picture";
import { LearnMoreIsland } from "./learn-more";

export interface CityService {
  slug: string;
  title: string;
  description: string;
  path: string;
  image: string;
  contractorCount: number;
}

export function CityServices({
  citySlug,
  cityName,
  services,
}: {
  citySlug: string;
  cityName: string;
  services: CityService[];
}) {
  return (
    <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {services.map((service) => (
        <li
          key={service.slug}
          className="flex flex-col overflow-hidden rounded-card bg-surface shadow-card"
        >
          <Picture
            name={service.image}
            alt=""
            sizes="(min-width: 1024px) 24rem, (min-width: 640px) 50vw, 100vw"
            imgClassName="aspect-[4/3] w-full object-cover"
          />
          <div className="flex flex-1 flex-col gap-2 p-5">
            <h3 className="text-lg font-bold text-navy-900">{service.title}</h3>
            <p className="text-sm text-muted">{service.description}</p>
            <p className="text-sm font-medium text-navy-700">
              {service.contractorCount > 0 ? (
                <Plural
                  value={service.contractorCount}
                  one={`# listed in ${cityName}`}
                  other={`# listed in ${cityName}`}
                />
              ) : (
                <Trans>We'll find pros in {cityName} for you</Trans>
              )}
            </p>
            <LearnMoreIsland citySlug={citySlug} path={service.path} title={service.title} />
          </div>
        </li>
      ))}
    </ul>
  );
}
