/**
 * The line under a list of pros that says how they are ordered and where
 * ratings come from, with the two pages that explain it in full.
 */
import { BRAND } from "~/site";

export function RankingNote({ lead }: { lead: string }) {
  return (
    <p className="text-sm text-muted">
      {lead}{" "}
      <a href="/how-we-rank-pros" className="font-medium text-navy-700 underline">
        How we rank pros
      </a>
      . Ratings come only from homeowners who hired the pro through {BRAND.name}:{" "}
      <a href="/review-policy" className="font-medium text-navy-700 underline">
        our review policy
      </a>
      .
    </p>
  );
}
