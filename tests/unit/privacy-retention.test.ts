/**
 * The privacy policy states every retention period (issue 33, Quebec Law 25)
 * from app/lib/retention.ts, the constants the housekeeping jobs enforce:
 * its Markdown names them, and the page, in each language, shows their values.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { getArticle } from "~/features/content/content.server";
import { fillRetentionPeriods, RETENTION_PERIODS } from "~/features/content/retention-periods";
import { LOCALES, type Locale } from "~/lib/locales";
import {
  AUDIT_LOG_KEPT_MONTHS,
  BACKUPS_KEPT_DAYS,
  BROWSER_REQUEST_COOKIE_DAYS,
  DELIVERED_JOBS_KEPT_DAYS,
  DRAFT_KEPT_DAYS,
  DRAFT_WARNING_DAYS_BEFORE,
  RATE_LIMIT_COUNTERS_KEPT_HOURS,
  SERVER_LOGS_KEPT_DAYS,
} from "~/lib/retention";

const root = path.resolve(import.meta.dirname, "../../content");
const source = (locale: Locale) =>
  readFileSync(path.join(root, locale === "en" ? "" : locale, "pages/privacy.md"), "utf8");

/** The "How long we keep it" section of the Markdown: from its heading to the next. */
function retentionSection(text: string): string {
  const start = text.indexOf("{#retention}");
  return text.slice(start, text.indexOf("\n## ", start));
}

/** The same section of the page. */
function retentionHtml(html: string): string {
  const start = html.indexOf('id="retention"');
  return html.slice(start, html.indexOf("<h2", start));
}

const WORDS: Record<Locale, Record<"days" | "years" | "hours", string>> = {
  en: { days: "days", years: "years", hours: "hours" },
  es: { days: "días", years: "años", hours: "horas" },
  fr: { days: "jours", years: "ans", hours: "heures" },
};

describe.each(LOCALES)("the privacy policy in %s", (locale) => {
  const page = getArticle("pages/privacy", locale);
  // Intl puts a no-break space between a number and its unit in some languages.
  const html = (page?.article.html ?? "").replaceAll("\u00a0", " ");
  const words = WORDS[locale];

  it("shows each retention period as retention.ts has it", () => {
    expect(page).toBeDefined();
    const section = retentionHtml(html);
    expect(section.length).toBeGreaterThan(500);
    expect(section).toContain(`${DRAFT_KEPT_DAYS.toString()} ${words.days}`);
    expect(section).toContain(`${DRAFT_WARNING_DAYS_BEFORE.toString()} ${words.days}`);
    expect(section).toContain(`${DELIVERED_JOBS_KEPT_DAYS.toString()} ${words.days}`);
    expect(AUDIT_LOG_KEPT_MONTHS % 12).toBe(0);
    expect(section).toContain(`${(AUDIT_LOG_KEPT_MONTHS / 12).toString()} ${words.years}`);
    expect(section).toContain(`${RATE_LIMIT_COUNTERS_KEPT_HOURS.toString()} ${words.hours}`);
    expect(section).toContain(`${BACKUPS_KEPT_DAYS.toString()} ${words.days}`);
    expect(section).toContain(`${SERVER_LOGS_KEPT_DAYS.toString()} ${words.days}`);
    // The request cookie's row, in the cookie table.
    expect(html).toMatch(
      new RegExp(`tm_request[^]*?${BROWSER_REQUEST_COOKIE_DAYS.toString()} ${words.days}`),
    );
    expect(html).not.toContain("{{retention:");
  });

  it("types no period into the section: every number comes from a constant", () => {
    const section = retentionSection(source(locale));
    // The law's own name is the one number allowed.
    const withoutPlaceholders = section
      .replace(/\{\{retention:\w+\}\}/g, "")
      .replace(/\b(Law|Ley|Loi) 25\b/, "");
    expect(withoutPlaceholders).not.toMatch(/\d/);
    // Every period the jobs enforce is stated.
    for (const name of Object.keys(RETENTION_PERIODS))
      if (name !== "browserRequestCookie") expect(section, name).toContain(`{{retention:${name}}}`);
  });
});

describe("retention periods in content", () => {
  it("refuses a name that is no period", () => {
    expect(() => fillRetentionPeriods("{{retention:draftKep}}", "en")).toThrow(/draftKep/);
  });

  it("keep the request cookie no longer than the draft it names", () => {
    expect(BROWSER_REQUEST_COOKIE_DAYS).toBeLessThanOrEqual(DRAFT_KEPT_DAYS);
  });
});
