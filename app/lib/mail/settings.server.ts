/** Who the site's emails come from and where its pages are, from the configuration. */
import type { Env } from "~/lib/env.server";
import type { MailSettings } from "./email";

export function mailSettingsOf(
  env: Pick<Env, "SITE_URL" | "MAIL_FROM" | "LEADS_EMAIL_TO">,
): MailSettings {
  const host = new URL(env.SITE_URL).hostname;
  return {
    from: env.MAIL_FROM ?? `TradeMatch <no-reply@${host}>`,
    businessInbox: env.LEADS_EMAIL_TO ?? `leads@${host}`,
    siteUrl: env.SITE_URL,
  };
}
