/**
 * What the login page says when a sign-in fails (?error=code); never text
 * from the request. Messages, said in the login page's language.
 */
import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";

export const SIGN_IN_ERRORS = {
  expired: msg`That sign-in took too long or was started in another window. Please try again.`,
  failed: msg`We couldn't verify your sign-in with Google. Please try again.`,
  unavailable: msg`Google sign-in is not reachable right now. Please try again in a minute.`,
  email: msg`Please verify the email address of your Google account, then sign in again.`,
  "demo-limit": msg`Too many demo accounts were started from your network in the last hour. Please try again later.`,
} as const satisfies Record<string, MessageDescriptor>;

export type SignInErrorCode = keyof typeof SIGN_IN_ERRORS;

/** A Map, not `code in SIGN_IN_ERRORS`: that would also find "constructor", "__proto__"… */
const MESSAGES: ReadonlyMap<string, MessageDescriptor> = new Map(Object.entries(SIGN_IN_ERRORS));

export function signInErrorMessage(code: string | null): MessageDescriptor | undefined {
  return code === null ? undefined : MESSAGES.get(code);
}

export class SignInError extends Error {
  override name = "SignInError";
  /**
   * `returnTo`: where the sign-in was going, when known (its language is the
   * language of the login page the person is sent back to).
   */
  constructor(
    readonly code: SignInErrorCode,
    readonly returnTo?: string,
  ) {
    super(`sign-in refused: ${code}`);
  }
}
