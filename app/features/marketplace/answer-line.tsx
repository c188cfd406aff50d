/**
 * The answer figures' sentence (answer-words.ts) with its icon, as the
 * profile and the listing cards show it, in the page's language.
 */
import { useLingui } from "@lingui/react/macro";
import { Timer } from "lucide-react";
import { cn } from "~/lib/cn";
import type { AnswerRecord } from "./answer-figures";
import { answerLineIn } from "./answer-words";

/** `answerLineIn` in the page's language, for components. */
export function useAnswerLine(): (record: AnswerRecord) => string {
  const { i18n } = useLingui();
  return (record) => answerLineIn(i18n, record);
}

/** The line with its icon: an item of a list of facts (`as="li"`) or a paragraph. */
export function AnswerLine({
  record,
  as: Tag = "p",
  className,
}: {
  record: AnswerRecord;
  as?: "p" | "li";
  className?: string;
}) {
  const answerLine = useAnswerLine();
  return (
    <Tag className={cn("flex items-center gap-1", className)}>
      <Timer aria-hidden="true" className="size-4 shrink-0" />
      {answerLine(record)}
    </Tag>
  );
}
