/**
 * A listed contractor's Get Free Quote, Contact and Schedule Consultation
 * (spec §2): each posts a request for this contractor. They need sign-in: a
 * visitor's click stores this page as the way back and goes to /login. An
 * island; without JavaScript the server asks for sign-in the same way.
 * Labelled in the page's language.
 */
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import type { MouseEvent } from "react";
import { buttonClasses } from "~/components/ui/button";
import { requireSignIn } from "~/features/auth";
import { island } from "~/lib/island";

const ACTIONS = [
  { intent: "quote", label: msg`Get Free Quote`, variant: "primary" },
  {
    intent: "contact",
    label: msg({ message: "Contact", context: "listing action" }),
    variant: "secondary",
  },
  { intent: "consultation", label: msg`Schedule Consultation`, variant: "secondary" },
] as const;

export function ListingActions({
  contractorId,
  actionPath,
}: {
  contractorId: string;
  actionPath: string;
}) {
  const { i18n } = useLingui();
  const guard = (event: MouseEvent<HTMLButtonElement>) => {
    if (!requireSignIn()) event.preventDefault();
  };
  return (
    <div className="flex flex-wrap gap-2">
      {ACTIONS.map((action) => (
        <form key={action.intent} method="post" action={actionPath}>
          <input type="hidden" name="contractorId" value={contractorId} />
          <input type="hidden" name="intent" value={action.intent} />
          <button type="submit" onClick={guard} className={buttonClasses(action.variant, "md")}>
            {i18n._(action.label)}
          </button>
        </form>
      ))}
    </div>
  );
}

export const ListingActionsIsland = island("listing-actions", ListingActions);
