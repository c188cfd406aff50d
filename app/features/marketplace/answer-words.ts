/**
 * A business's answer figures in one sentence, the same on its profile, its
 * listing card and the choose-pros card: "Usually answers within 3 hours ·
 * answers 9 in 10 requests", "New on TradeMatch" before ANSWER_MIN_RECEIVED
 * requests count, and for a sample listing that it has none (answer-figures.ts
 * says why). One message per unit of time: languages place the words
 * differently. Only server-rendered parts import it (the profile and the
 * cards; the choose-pros step gets the sentence from choice.server.ts), so
 * its messages stay in the server's catalogue.
 */
import type { I18n } from "@lingui/core";
import { msg, plural } from "@lingui/core/macro";
import { BRAND } from "~/site";
import type { AnswerRecord } from "./answer-figures";

/** The sentence for a business's answer figures, in the language of `i18n`. */
export function answerLineIn(i18n: I18n, record: AnswerRecord): string {
  if (record.shown === "sample") return i18n._(msg`No answer figures: sample listing`);
  if (record.shown === "new") {
    const brand = BRAND.name;
    return i18n._(msg`New on ${brand}`);
  }
  const { inTen, within } = record;
  if (!within) return i18n._(msg`Answers ${inTen} in 10 requests`);
  const count = within.count;
  switch (within.unit) {
    case "minutes":
      return i18n._(
        msg`Usually answers within ${plural(count, { one: "# minute", other: "# minutes" })} · answers ${inTen} in 10 requests`,
      );
    case "hours":
      return i18n._(
        msg`Usually answers within ${plural(count, { one: "# hour", other: "# hours" })} · answers ${inTen} in 10 requests`,
      );
    case "days":
      return i18n._(
        msg`Usually answers within ${plural(count, { one: "# day", other: "# days" })} · answers ${inTen} in 10 requests`,
      );
  }
}
