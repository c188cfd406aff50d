/**
 * Which language an email is in, by the catalogues (decision 030): each of
 * its lines is matched against every message of a language, the message's
 * placeholders standing for anything. A line is "in French" when it is one
 * of French's messages that French does not share with English; "English"
 * when it is one of the English messages the language translates
 * differently. Messages with little text of their own ("{a} and {b}") say
 * nothing and are left out.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { formatter } from "@lingui/format-po";
import type { Locale } from "~/lib/locales";

const LOCALES_DIR = path.resolve(import.meta.dirname, "../../app/locales");
const po = formatter({ lineNumbers: false, origins: true });
/** Fewer letters of its own than this, and a message could be any line. */
const MIN_LITERAL = 6;

interface Template {
  message: string;
  regex: RegExp;
}

/** An ICU message as a whole-line pattern: each {…} (nested ones too) matches anything. */
function template(message: string): Template | null {
  let pattern = "";
  let literal = 0;
  let depth = 0;
  for (const char of message) {
    if (char === "{") {
      if (depth === 0 && !pattern.endsWith("[\\s\\S]*?")) pattern += "[\\s\\S]*?";
      depth++;
    } else if (char === "}") {
      depth = Math.max(0, depth - 1);
    } else if (depth === 0) {
      pattern += char.replace(/[.*+?^$()|[\]\\/]/g, "\\$&");
      if (/[\p{L}]/u.test(char)) literal++;
    }
  }
  return literal >= MIN_LITERAL ? { message, regex: new RegExp(`^${pattern}$`, "u") } : null;
}

export interface LanguageTemplates {
  /** A translated language's own messages (those it does not share with English). */
  own: Template[];
  /** The English of those messages. */
  english: Template[];
}

const loaded = new Map<Locale, Promise<LanguageTemplates>>();

async function load(locale: Exclude<Locale, "en">): Promise<LanguageTemplates> {
  const own: Template[] = [];
  const english: Template[] = [];
  for (const file of readdirSync(path.join(LOCALES_DIR, locale))) {
    if (!file.endsWith(".po")) continue;
    const filename = path.join(LOCALES_DIR, locale, file);
    const catalog = await po.parse(readFileSync(filename, "utf8"), {
      locale,
      sourceLocale: "en",
      filename,
    });
    for (const entry of Object.values(catalog)) {
      if (!entry.message || !entry.translation || entry.translation === entry.message) continue;
      const translated = template(entry.translation);
      const source = template(entry.message);
      if (translated) own.push(translated);
      if (source) english.push(source);
    }
  }
  return { own, english };
}

export function templatesOf(locale: Exclude<Locale, "en">): Promise<LanguageTemplates> {
  let templates = loaded.get(locale);
  if (!templates) {
    templates = load(locale);
    loaded.set(locale, templates);
  }
  return templates;
}

/** The lines an email's reader reads: its subject, then its body up to the sender's footer. */
export function linesOf(email: { subject: string; text: string }): string[] {
  const body = email.text.split("\n");
  const footer = body.indexOf("-- ");
  return [email.subject, ...(footer < 0 ? body : body.slice(0, footer))]
    .map((line) => line.trim())
    .filter(Boolean);
}

/** The message a line is, among `templates`; undefined when it is none of them. */
export function messageOf(line: string, templates: readonly Template[]): string | undefined {
  return templates.find((candidate) => candidate.regex.test(line))?.message;
}

/**
 * What is wrong with the language of an email to a reader of `language`
 * (null: English, the operator's): its subject and some line of its body
 * must be that language's; no line may be the English of a message it
 * translates. English must have no line of `others`' own.
 */
export function languageProblems(
  email: { subject: string; text: string },
  language: LanguageTemplates | null,
  others: readonly LanguageTemplates[],
): string[] {
  const lines = linesOf(email);
  if (!language) {
    return lines
      .filter((line) => others.some((other) => messageOf(line, other.own)))
      .map((line) => `"${line}" is not English`);
  }
  const problems: string[] = [];
  if (!messageOf(email.subject, language.own)) problems.push("the subject is not");
  if (!lines.slice(1).some((line) => messageOf(line, language.own))) {
    problems.push("no line of the body is in the reader's language");
  }
  for (const line of lines) {
    const english = messageOf(line, language.english);
    if (english) problems.push(`"${line}" is the English "${english}"`);
  }
  return problems;
}
