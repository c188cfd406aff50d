/**
 * How often a business may change its break (pause, resume, weekly limit):
 * each change may empty the cached listings that show it on every instance
 * (decision 047), so a few a minute and a few dozen a day, far more than a
 * person needs. Counted per business in the database (rate-limit.server.ts),
 * so the limit holds across instances; a refusal says when to try again.
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg, plural } from "@lingui/core/macro";
import type { Database } from "~/lib/db.server";
import { translate } from "~/lib/i18n.server";
import type { Locale } from "~/lib/locales";
import { hitRateLimit } from "~/lib/rate-limit.server";

/** Changes to one business's break in a minute and in a day. */
export const BREAK_CHANGES = {
  minute: { max: 5, windowS: 60 },
  day: { max: 30, windowS: 24 * 60 * 60 },
} as const;

/** A change refused: what to say beside the field, and when to try again. */
export interface BreakChangeRefusal {
  message: string;
  retryAfterS: number;
}

/** "40 seconds", "5 minutes", "3 hours": how long to wait, rounded up. */
function waitFor(seconds: number): MessageDescriptor {
  if (seconds < 60) return msg`${plural(seconds, { one: "# second", other: "# seconds" })}`;
  if (seconds < 60 * 60) {
    const minutes = Math.ceil(seconds / 60);
    return msg`${plural(minutes, { one: "# minute", other: "# minutes" })}`;
  }
  const hours = Math.ceil(seconds / (60 * 60));
  return msg`${plural(hours, { one: "# hour", other: "# hours" })}`;
}

/**
 * Counts a change to the business's break, or refuses it (null: go ahead).
 * Call it once the form is valid and the business is the person's own.
 */
export async function breakChangeRefused(
  db: Database,
  businessId: string,
  locale: Locale,
): Promise<BreakChangeRefusal | null> {
  const minute = await hitRateLimit(db, `break:minute:${businessId}`, BREAK_CHANGES.minute);
  if (!minute.allowed) {
    const count = BREAK_CHANGES.minute.max;
    const wait = translate(locale, waitFor(minute.retryAfterS));
    return {
      retryAfterS: minute.retryAfterS,
      message: translate(
        locale,
        msg`You've changed your break ${count} times in a minute. Please wait ${wait} and try again.`,
      ),
    };
  }
  const day = await hitRateLimit(db, `break:day:${businessId}`, BREAK_CHANGES.day);
  if (!day.allowed) {
    const count = BREAK_CHANGES.day.max;
    const wait = translate(locale, waitFor(day.retryAfterS));
    return {
      retryAfterS: day.retryAfterS,
      message: translate(
        locale,
        msg`You've changed your break ${count} times in a day. Please try again in ${wait}.`,
      ),
    };
  }
  return null;
}
