/**
 * The line under a list of pros that says how they are ordered and where
 * ratings come from, with the two pages that explain it in full (in the
 * page's language). `lead` is the caller's sentence, already translated.
 */
import { Trans } from "@lingui/react/macro";
import { useLocalize } from "~/lib/use-locale";
import { BRAND } from "~/site";

export function RankingNote({ lead }: { lead: string }) {
  const localize = useLocalize();
  const brand = BRAND.name;
  return (
    <p className="text-sm text-muted">
      <Trans>
        {lead}{" "}
        <a href={localize("/how-we-rank-pros")} className="font-medium text-navy-700 underline">
          How we rank pros
        </a>
        . Ratings come only from homeowners who hired the pro through {brand}:{" "}
        <a href={localize("/review-policy")} className="font-medium text-navy-700 underline">
          our review policy
        </a>
        .
      </Trans>
    </p>
  );
}
