/**
 * The sign-in page's panel (spec §2 Login): "Sign in to your account" and the
 * one button. With a return path (from the address, or stored by the browser
 * before it was sent here) it shows the way back and where signing in leads.
 * An island: it reads the stored path and clears a stale signed-in flag.
 */
import { useEffect, useSyncExternalStore } from "react";
import { Button } from "~/components/ui/button";
import { island } from "~/lib/island";
import { useSubmitting } from "~/lib/use-submitting";
import { clearSignedInFlag, hasSignedInFlag, storedReturnPath } from "./auth-flag";
import { GoogleMark } from "./google-mark";
import { FormAlert } from "~/components/ui/form-controls";

const subscribeToNothing = () => () => {};

/** Local sign-in mode says it is a demonstration, and how long the account lasts. */
function demoNote(idleHours: number): string {
  const duration = `${idleHours.toString()} ${idleHours === 1 ? "hour" : "hours"}`;
  return `Demo mode: this signs you into a private demo account for this browser, with sample projects. It is deleted after ${duration} without use.`;
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
          Back to {returnTo}
        </a>
      ) : null}
      <div className="rounded-card bg-surface p-8 shadow-card">
        <h1 className="text-2xl font-extrabold tracking-tight text-navy-900">
          Sign in to your account
        </h1>
        <p className="mt-2 text-muted">Follow your quote requests and projects in one place.</p>
        {returnTo ? (
          <p className="mt-4 rounded-control bg-navy-50 px-4 py-3 text-sm text-navy-800">
            After signing in you'll continue to <span className="font-semibold">{returnTo}</span>.
          </p>
        ) : null}
        <div className="mt-6 grid gap-4">
          <FormAlert message={error} />
          <form method="post" action="/login" onSubmit={markBusy}>
            {returnTo ? <input type="hidden" name="returnTo" value={returnTo} /> : null}
            <Button type="submit" variant="secondary" size="lg" disabled={busy} className="w-full">
              <span className="grid size-7 place-items-center rounded-full bg-white">
                <GoogleMark className="size-5" />
              </span>
              Sign in with Google
            </Button>
          </form>
          {demoIdleHours === undefined ? null : (
            <>
              <p className="text-sm text-muted">{demoNote(demoIdleHours)}</p>
              <form method="post" action="/login" onSubmit={markBusy}>
                <input type="hidden" name="demo" value="contractor" />
                {returnTo ? <input type="hidden" name="returnTo" value={returnTo} /> : null}
                <Button type="submit" variant="ghost" size="md" disabled={busy} className="w-full">
                  Sign in as a demo contractor
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
