/** What the login page says when a sign-in fails (?error=code); never text from the request. */
export const SIGN_IN_ERRORS = {
  expired: "That sign-in took too long or was started in another window. Please try again.",
  failed: "We couldn't verify your sign-in with Google. Please try again.",
  unavailable: "Google sign-in is not reachable right now. Please try again in a minute.",
  email: "Please verify the email address of your Google account, then sign in again.",
  "demo-limit":
    "Too many demo accounts were started from your network in the last hour. Please try again later.",
} as const;

export type SignInErrorCode = keyof typeof SIGN_IN_ERRORS;

/** A Map, not `code in SIGN_IN_ERRORS`: that would also find "constructor", "__proto__"… */
const MESSAGES: ReadonlyMap<string, string> = new Map(Object.entries(SIGN_IN_ERRORS));

export function signInErrorMessage(code: string | null): string | undefined {
  return code === null ? undefined : MESSAGES.get(code);
}

export class SignInError extends Error {
  override name = "SignInError";
  constructor(readonly code: SignInErrorCode) {
    super(SIGN_IN_ERRORS[code]);
  }
}
