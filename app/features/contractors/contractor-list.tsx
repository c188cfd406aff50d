/**
 * The businesses a listing or a search shows, in two groups (issue 43): the
 * real businesses first, in the published order, then the sample listings
 * apart, under a heading that says they are not real. A sample listing never
 * comes before a real business, whatever its sample figures (ranking.ts).
 */
import { realThenSamples, useSampleListings } from "~/features/marketplace";
import { cardEstimate } from "./card-estimate";
import type { ContractorCardData } from "./contractors.server";
import { ContractorCard } from "./contractor-card";

export function ContractorList({
  contractors,
  listingPath,
}: {
  contractors: readonly ContractorCardData[];
  /** The listing a card's requests are made from, in the page's language. */
  listingPath: (contractor: ContractorCardData) => string;
}) {
  const { real, samples } = realThenSamples(contractors);
  const words = useSampleListings();
  const card = (contractor: ContractorCardData, index: number, level: 2 | 3) => (
    // Cards after the first are drawn as they near the screen (app.css, below-fold),
    // sized meanwhile at no less than their height on a phone (decision 015).
    <li
      key={contractor.id}
      className={index > 0 ? "below-fold" : undefined}
      style={index > 0 ? cardEstimate(contractor) : undefined}
    >
      <ContractorCard contractor={contractor} listingPath={listingPath(contractor)} level={level} />
    </li>
  );
  return (
    <>
      {real.length > 0 ? (
        <ul className="grid gap-6">
          {real.map((contractor, index) => card(contractor, index, 2))}
        </ul>
      ) : null}
      {samples.length > 0 ? (
        <section aria-labelledby="sample-listings-title" className="grid gap-4">
          <div className="grid gap-1 border-t border-navy-200 pt-6">
            <h2 id="sample-listings-title" className="text-2xl font-bold text-navy-900">
              {words.title}
            </h2>
            <p className="text-muted">{words.note}</p>
          </div>
          <ul className="grid gap-6">
            {samples.map((contractor, index) => card(contractor, real.length + index, 3))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
