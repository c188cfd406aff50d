/**
 * The sign-in page's panel (spec §2 Login): "Sign in to your account" and the
 * one button. With a return path (from the address, or stored by the browser
 * before it was sent here) it shows the way back and where signing in leads.
 * An island: it reads the stored path and clears a stale signed-in flag.
 */
import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useSyncExternalStore } from "react";
import { Button } from "~/components/ui/button";
import { island } from "~/lib/island";
import { useLocalize } from "~/lib/use-locale";
import { useSubmitting } from "~/lib/use-submitting";
import { clearSignedInFlag, hasSignedInFlag, storedReturnPath } from "./auth-flag";
import { GoogleMark } from "./google-mark";
import { FormAlert } from "~/components/ui/form-controls";

const subscribeToNothing = () => () => {};

/** Local sign-in mode says it is a demonstration, and how long the account lasts. */
function DemoNote({ idleHours }: { idleHours: number }) {
  const { t } = useLingui();
  return (
    <p className="text-sm text-muted">
      {t`Demo mode: this signs you into a private demo account for this browser, with sample projects.`}{" "}
      {t`It is deleted after ${plural(idleHours, { one: "# hour", other: "# hours" })} without use.`}
    </p>
  );
}

export interface SignInPanelProps {
  /** A checked return path from ?returnTo. */
  returnTo?: string;
  error?: string;
  /** Set in local sign-in mode: how long an unused demo account is kept. */
  demoIdleHours?: number;
  signedIn: boolean;
}

export function SignInPanel({
  returnTo: fromAddress,
  error,
  demoIdleHours,
  signedIn,
}: SignInPanelProps) {
  const stored = useSyncExternalStore(subscribeToNothing, storedReturnPath, () => undefined);
  const returnTo = fromAddress ?? stored;
  const [busy, markBusy] = useSubmitting();
  const localize = useLocalize();
  // The form posts to /login in the page's language: the person comes back in it.
  const action = localize("/login");

  // A flag without a session is stale (signed out elsewhere, expired, or forged).
  useEffect(() => {
    if (!signedIn && hasSignedInFlag()) clearSignedInFlag();
  }, [signedIn]);

  return (
    <section className="mx-auto flex max-w-md flex-col gap-6 px-4 py-16 sm:py-24">
      {returnTo ? (
        <a
          href={returnTo}
          className="text-sm font-medium text-navy-700 underline underline-offset-2"
        >
          <Trans>Back to {returnTo}</Trans>
        </a>
      ) : null}
      <div className="rounded-card bg-surface p-8 shadow-card">
        <h1 className="text-2xl font-extrabold tracking-tight text-navy-900">
          <Trans>Sign in to your account</Trans>
        </h1>
        <p className="mt-2 text-muted">
          <Trans>Follow your quote requests and projects in one place.</Trans>
        </p>
        {returnTo ? (
          <p className="mt-4 rounded-control bg-navy-50 px-4 py-3 text-sm text-navy-800">
            <Trans>
              After signing in you'll continue to <span className="font-semibold">{returnTo}</span>.
            </Trans>
          </p>
        ) : null}
        <div className="mt-6 grid gap-4">
          <FormAlert message={error} />
          <form method="post" action={action} onSubmit={markBusy}>
            {returnTo ? <input type="hidden" name="returnTo" value={returnTo} /> : null}
            <Button type="submit" variant="secondary" size="lg" disabled={busy} className="w-full">
              <span className="grid size-7 place-items-center rounded-full bg-white">
                <GoogleMark className="size-5" />
              </span>
              <Trans>Sign in with Google</Trans>
            </Button>
          </form>
          {demoIdleHours === undefined ? null : (
            <>
              <DemoNote idleHours={demoIdleHours} />
              <form method="post" action={action} onSubmit={markBusy}>
                <input type="hidden" name="demo" value="contractor" />
                {returnTo ? <input type="hidden" name="returnTo" value={returnTo} /> : null}
                <Button type="submit" variant="ghost" size="md" disabled={busy} className="w-full">
                  <Trans>Sign in as a demo contractor</Trans>
                </Button>
              </form>
            </>
          )}
        </div>
      </div>
    </section>
  );
}

export const SignInPanelIsland = island("sign-in-panel", SignInPanel);
