/**
 * What signing in does besides the session, from the features above auth
 * (decision 032). The routes that sign in (login, the OpenID callback) pass
 * these to auth; a new sign-in side effect is added here.
 */
import type { SignInHooks } from "~/features/auth/sign-in.server";
import { adoptOnSignIn } from "~/features/marketplace/browser-request.server";
import { DEMO_CONTRACTOR } from "~/features/marketplace/demo-business.server";
import { applyConfiguredOperators } from "~/features/operator/roles.server";
import { DEMO_HOMEOWNER } from "~/features/projects/demo-projects.server";

export const SIGN_IN_HOOKS: SignInHooks = {
  demoRoles: { homeowner: DEMO_HOMEOWNER, contractor: DEMO_CONTRACTOR },
  onIdentityVerified: [applyConfiguredOperators],
  onSignIn: [adoptOnSignIn],
};
