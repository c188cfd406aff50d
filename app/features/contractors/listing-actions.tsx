/**
 * A listed contractor's Get Free Quote, Contact and Schedule Consultation
 * (spec §2). Each opens the request page for this contractor (issue 43: it
 * asks what the job is before anything is stored), as a plain GET form, so
 * it works without JavaScript. They need sign-in: with JavaScript a visitor's
 * click stores this page as the way back and goes to /login (spec); without
 * it the request page asks for sign-in and comes back to itself. An island,
 * labelled in the page's language.
 */
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import type { MouseEvent } from "react";
import { buttonClasses } from "~/components/ui/button";
import { requireSignIn } from "~/features/auth";
import { island } from "~/lib/island";

/** The buttons, by what they ask for (the request page's `kind`; listing-request.server.ts). */
export const LISTING_ACTIONS = [
  { kind: "quote", label: msg`Get Free Quote`, variant: "primary" },
  {
    kind: "contact",
    label: msg({ message: "Contact", context: "listing action" }),
    variant: "secondary",
  },
  { kind: "consultation", label: msg`Schedule Consultation`, variant: "secondary" },
] as const;

export function ListingActions({
  requestPath,
  pro,
}: {
  /** The listing's request page, in the page's language ("/es/denver-co/roofing/request"). */
  requestPath: string;
  /** The business's slug. */
  pro: string;
}) {
  const { i18n } = useLingui();
  const guard = (event: MouseEvent<HTMLButtonElement>) => {
    if (!requireSignIn()) event.preventDefault();
  };
  return (
    <div className="flex flex-wrap gap-2">
      {LISTING_ACTIONS.map((action) => (
        <form key={action.kind} method="get" action={requestPath}>
          <input type="hidden" name="pro" value={pro} />
          <input type="hidden" name="kind" value={action.kind} />
          <button type="submit" onClick={guard} className={buttonClasses(action.variant, "md")}>
            {i18n._(action.label)}
          </button>
        </form>
      ))}
    </div>
  );
}

export const ListingActionsIsland = island("listing-actions", ListingActions);
