/**
 * The header's account link: "Sign in", or "My Projects" once the browser's
 * flag says so. An island (it reads localStorage); it imports no router, so
 * content pages don't load one for it.
 */
import { buttonClasses } from "~/components/ui/button";
import { useSignedInFlag } from "~/features/auth/signed-in-flag";
import { island } from "~/lib/island";

export const MENU_LINK =
  "block rounded-control px-2.5 py-3 text-base font-medium text-navy-800 hover:bg-navy-100 aria-[current=page]:bg-navy-100 aria-[current=page]:text-navy-900";

export function AccountLink({ place }: { place: "bar" | "menu" }) {
  const signedIn = useSignedInFlag();
  const account = signedIn
    ? { href: "/dashboard", label: "My Projects" }
    : { href: "/login", label: "Sign in" };
  return (
    <a href={account.href} className={place === "bar" ? buttonClasses("ghost", "sm") : MENU_LINK}>
      {account.label}
    </a>
  );
}

export const AccountLinkIsland = island("account-link", AccountLink);
