/**
 * How a pro on offer is shown to the homeowner choosing: the facts, none of
 * them paid for, its answer figures and its distance among them, in words from
 * the server (choice.server.ts).
 */
import { Plural, Trans } from "@lingui/react/macro";
import { BadgeCheck, CalendarClock, MapPin, Star, Timer } from "lucide-react";
import { useRatingText } from "~/components/ui/rating";
import type { OfferedPro } from "./serving-pros.server";

export function ProFacts({ pro, id }: { pro: OfferedPro; id?: string }) {
  const ratingText = useRatingText();
  const years = pro.yearsInBusiness;
  const licence = pro.licenceRegion;
  return (
    <ul id={id} className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted">
      <li className="flex items-center gap-1">
        <Star aria-hidden="true" className="size-4" />
        <span className="sr-only">
          <Trans>Rating:</Trans>{" "}
        </span>
        {ratingText(pro)}
      </li>
      <li className="flex items-center gap-1">
        <Timer aria-hidden="true" className="size-4 shrink-0" />
        {pro.answerLine}
      </li>
      {years === null ? null : (
        <li className="flex items-center gap-1">
          <CalendarClock aria-hidden="true" className="size-4" />
          <Plural value={years} one="# year in business" other="# years in business" />
        </li>
      )}
      {licence ? (
        <li className="flex items-center gap-1">
          <BadgeCheck aria-hidden="true" className="size-4" />
          <Trans>Licence ({licence}), declared by the business</Trans>
        </li>
      ) : null}
      {pro.distanceLine ? (
        <li className="flex items-center gap-1">
          <MapPin aria-hidden="true" className="size-4" />
          {pro.distanceLine}
        </li>
      ) : null}
    </ul>
  );
}

export function ProName({ pro, id }: { pro: Pick<OfferedPro, "name" | "isSample">; id?: string }) {
  return (
    <span className="font-semibold text-navy-900">
      <span id={id}>{pro.name}</span>
      {pro.isSample ? (
        <span className="ml-2 inline-block rounded-full bg-navy-100 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-navy-700">
          <Trans>Sample listing</Trans>
        </span>
      ) : null}
    </span>
  );
}
