/**
 * The header's account link: "Sign in", or "My Projects" once the browser's
 * flag says so, or at once on a page only a signed-in person reaches. An island (it reads localStorage); it imports no router, so
 * content pages don't load one for it.
 */
import { useLingui } from "@lingui/react/macro";
import { buttonClasses } from "~/components/ui/button";
import { useLocalize } from "~/lib/use-locale";
import { useSignedInFlag } from "~/features/auth";
import { island } from "~/lib/island";

export const MENU_LINK =
  "block rounded-control px-2.5 py-3 text-base font-medium text-navy-800 hover:bg-navy-100 aria-[current=page]:bg-navy-100 aria-[current=page]:text-navy-900";

/** `known`: the server knows the person is signed in (a signed-in page, page-handle.ts). */
export function AccountLink({ place, known = false }: { place: "bar" | "menu"; known?: boolean }) {
  const flag = useSignedInFlag();
  const signedIn = known || flag;
  const { t } = useLingui();
  const localize = useLocalize();
  const account = signedIn
    ? { href: localize("/dashboard"), label: t`My Projects` }
    : { href: localize("/login"), label: t`Sign in` };
  return (
    <a href={account.href} className={place === "bar" ? buttonClasses("ghost", "sm") : MENU_LINK}>
      {account.label}
    </a>
  );
}

export const AccountLinkIsland = island("account-link", AccountLink);
