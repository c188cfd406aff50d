/** What the login page says when a sign-in fails (?error=code); never text from the request. */
export const SIGN_IN_ERRORS = {
  expired: "That sign-in took too long or was started in another window. Please try again.",
  failed: "We couldn't verify your sign-in with Google. Please try again.",
  unavailable: "Google sign-in is not reachable right now. Please try again in a minute.",
  email: "Please verify the email address of your Google account, then sign in again.",
} as const;

export type SignInErrorCode = keyof typeof SIGN_IN_ERRORS;

export function signInErrorMessage(code: string | null): string | undefined {
  return code && code in SIGN_IN_ERRORS ? SIGN_IN_ERRORS[code as SignInErrorCode] : undefined;
}

export class SignInError extends Error {
  override name = "SignInError";
  constructor(readonly code: SignInErrorCode) {
    super(SIGN_IN_ERRORS[code]);
  }
}
