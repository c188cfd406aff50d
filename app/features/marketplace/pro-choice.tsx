/** How a pro on offer is shown to the homeowner choosing: the facts, none of them paid for. */
import { BadgeCheck, CalendarClock, MapPin, Star } from "lucide-react";
import { ratingText } from "~/components/ui/rating";
import type { ProChoice } from "./choices.server";

export function ProFacts({ pro, id }: { pro: ProChoice; id?: string }) {
  return (
    <ul id={id} className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted">
      <li className="flex items-center gap-1">
        <Star aria-hidden="true" className="size-4" />
        <span className="sr-only">Rating: </span>
        {ratingText(pro)}
      </li>
      {pro.yearsInBusiness === null ? null : (
        <li className="flex items-center gap-1">
          <CalendarClock aria-hidden="true" className="size-4" />
          {pro.yearsInBusiness} {pro.yearsInBusiness === 1 ? "year" : "years"} in business
        </li>
      )}
      {pro.licenceRegion ? (
        <li className="flex items-center gap-1">
          <BadgeCheck aria-hidden="true" className="size-4" />
          Licence ({pro.licenceRegion}), declared by the business
        </li>
      ) : null}
      {pro.distance ? (
        <li className="flex items-center gap-1">
          <MapPin aria-hidden="true" className="size-4" />
          {pro.distance.value} {pro.distance.unit} away
        </li>
      ) : null}
    </ul>
  );
}

export function ProName({ pro, id }: { pro: Pick<ProChoice, "name" | "isSample">; id?: string }) {
  return (
    <span className="font-semibold text-navy-900">
      <span id={id}>{pro.name}</span>
      {pro.isSample ? (
        <span className="ml-2 rounded-full bg-navy-100 px-2 py-0.5 text-xs font-medium text-navy-700">
          Sample listing
        </span>
      ) : null}
    </span>
  );
}
