/**
 * Times as people read them on every page (issue 42 #12, issue 43 #2 and #6):
 * a message's time in the job's zone with the zone's name, in each language,
 * the pro's own time beside it when it reads otherwise; a winter's day in each
 * Canadian zone; and a zone's name that always agrees with the clock it labels.
 */
import { describe, expect, it } from "vitest";
import { TIME_ZONES } from "~/features/visits/time-zones";
import { LOCALES } from "~/lib/locales";
import { dateInZone, isCanadianZone, timeForViewer, timeInZone, zoneNameOf } from "~/lib/zone-time";

/** 12:33 PM in Denver on Tuesday, December 1, 2026 (7:33 PM UTC). */
const DENVER_NOON = new Date("2026-12-01T19:33:00Z");

describe("a message's time", () => {
  it.each([
    ["en", "Dec 1, 12:33 PM MST"],
    ["es", "1 dic, 12:33 p.m. MST"],
    ["fr", "1 déc., 12 h 33 HNR"],
  ] as const)("of a Denver request reads in Denver time (%s): %s", (locale, expected) => {
    expect(timeInZone(DENVER_NOON, "America/Denver", locale, "day")).toBe(expected);
  });

  it.each([
    ["en", "Dec 1, 2:33 PM EST"],
    ["es", "1 dic, 2:33 p.m. EST"],
    ["fr", "1 déc., 14 h 33 HNE"],
  ] as const)("of a Toronto request reads in Toronto time (%s): %s", (locale, expected) => {
    expect(timeInZone(DENVER_NOON, "America/Toronto", locale, "day")).toBe(expected);
  });

  it("carries the year in a list and the weekday for a visit", () => {
    expect(timeInZone(DENVER_NOON, "America/Denver", "en", "year")).toBe(
      "Dec 1, 2026, 12:33 PM MST",
    );
    expect(timeInZone(DENVER_NOON, "America/Denver", "fr", "year")).toBe(
      "1 déc. 2026, 12 h 33 HNR",
    );
    expect(timeInZone(DENVER_NOON, "America/Denver", "en", "weekday")).toBe(
      "Tue, Dec 1, 12:33 PM MST",
    );
  });

  it("shows the pro's own time beside the job's when it reads otherwise", () => {
    expect(timeForViewer(DENVER_NOON, "America/Denver", "America/Toronto", "en", "day")).toEqual({
      job: "Dec 1, 12:33 PM MST",
      viewer: "2:33 PM EST",
    });
    expect(timeForViewer(DENVER_NOON, "America/Denver", "America/Toronto", "fr", "day")).toEqual({
      job: "1 déc., 12 h 33 HNR",
      viewer: "14 h 33 HNE",
    });
    // Late in Denver is tomorrow in Toronto: the pro's has its date.
    const late = new Date("2026-12-02T05:30:00Z");
    expect(timeForViewer(late, "America/Denver", "America/Toronto", "en", "year")).toEqual({
      job: "Dec 1, 2026, 10:30 PM MST",
      viewer: "Dec 2, 2026, 12:30 AM EST",
    });
    // Phoenix reads as Denver in winter; the homeowner (no zone known) reads the job's only.
    expect(
      timeForViewer(DENVER_NOON, "America/Denver", "America/Phoenix", "en", "day").viewer,
    ).toBe(null);
    expect(timeForViewer(DENVER_NOON, "America/Denver", null, "en", "day").viewer).toBe(null);
  });

  it("gives the day in the job's zone, not in UTC's", () => {
    // 8 PM in Denver on December 1 is already December 2 in UTC.
    const evening = new Date("2026-12-02T03:00:00Z");
    expect(dateInZone(evening, "America/Denver", "en")).toBe("Dec 1, 2026");
    expect(dateInZone(evening, "America/Denver", "es")).toBe("1 dic 2026");
    expect(dateInZone(evening, "America/Denver", "fr")).toBe("1 déc. 2026");
  });
});

describe("a winter's day in each Canadian zone", () => {
  // December 15, 2025, 7:33 PM UTC: every Canadian zone on its winter clock.
  const WINTER_2025 = new Date("2025-12-15T19:33:00Z");

  it.each([
    ["America/St_Johns", "Dec 15, 4:03 PM NST", "15 déc., 16 h 03 HNT"],
    ["America/Halifax", "Dec 15, 3:33 PM AST", "15 déc., 15 h 33 HNA"],
    ["America/Moncton", "Dec 15, 3:33 PM AST", "15 déc., 15 h 33 HNA"],
    ["America/Goose_Bay", "Dec 15, 3:33 PM AST", "15 déc., 15 h 33 HNA"],
    ["America/Glace_Bay", "Dec 15, 3:33 PM AST", "15 déc., 15 h 33 HNA"],
    ["America/Toronto", "Dec 15, 2:33 PM EST", "15 déc., 14 h 33 HNE"],
    ["America/Winnipeg", "Dec 15, 1:33 PM CST", "15 déc., 13 h 33 HNC"],
    ["America/Regina", "Dec 15, 1:33 PM CST", "15 déc., 13 h 33 HNC"],
    ["America/Edmonton", "Dec 15, 12:33 PM MST", "15 déc., 12 h 33 HNR"],
    ["America/Vancouver", "Dec 15, 11:33 AM PST", "15 déc., 11 h 33 HNP"],
    // Yukon keeps UTC−7 all year and no language has a short name for it.
    ["America/Whitehorse", "Dec 15, 12:33 PM GMT-7", "15 déc., 12 h 33 UTC−7"],
  ])("%s: %s, %s", (zone, english, french) => {
    expect(isCanadianZone(zone)).toBe(true);
    expect(timeInZone(WINTER_2025, zone, "en", "day")).toBe(english);
    expect(timeInZone(WINTER_2025, zone, "fr", "day")).toBe(french);
  });

  it("in December 2026 keeps Alberta and British Columbia on the clocks they stopped changing", () => {
    // Both provinces stopped changing clocks in 2026 (tz 2026b and 2026c, which Node's ICU
    // carries): from November 1, Edmonton stays at UTC−6 and Vancouver at UTC−7. The name
    // follows the clock; "MST" or "PST" here would put the reader an hour off.
    expect(timeInZone(DENVER_NOON, "America/Edmonton", "en", "day")).toBe("Dec 1, 1:33 PM MDT");
    expect(timeInZone(DENVER_NOON, "America/Vancouver", "en", "day")).toBe("Dec 1, 12:33 PM PDT");
    expect(timeInZone(DENVER_NOON, "America/Edmonton", "fr", "day")).toBe("1 déc., 13 h 33 HAR");
    expect(timeInZone(DENVER_NOON, "America/Vancouver", "fr", "day")).toBe("1 déc., 12 h 33 HAP");
  });
});

/** The UTC offset each North American short name stands for, in English and in French. */
const OFFSET_OF_NAME: Record<string, string> = {
  NST: "-03:30", NDT: "-02:30", AST: "-04:00", ADT: "-03:00", EST: "-05:00", EDT: "-04:00",
  CST: "-06:00", CDT: "-05:00", MST: "-07:00", MDT: "-06:00", PST: "-08:00", PDT: "-07:00",
  HNT: "-03:30", HAT: "-02:30", HNA: "-04:00", HAA: "-03:00", HNE: "-05:00", HAE: "-04:00",
  HNC: "-06:00", HAC: "-05:00", HNR: "-07:00", HAR: "-06:00", HNP: "-08:00", HAP: "-07:00",
}; // prettier-ignore

/** The zone's offset at the instant, as the clock is computed: "-07:00". */
function offsetsIn(timeZone: string): (instant: Date) => string {
  const format = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longOffset" });
  return (instant) =>
    format
      .formatToParts(instant)
      .find((part) => part.type === "timeZoneName")
      ?.value.replace("GMT", "") || "+00:00";
}

describe("a zone's name", () => {
  it("always agrees with the offset of the clock it labels, every week of 2025 to 2027", () => {
    const wrong: string[] = [];
    const zones = TIME_ZONES.map(({ zone }) => ({ zone, offsetAt: offsetsIn(zone) }));
    for (let at = Date.UTC(2025, 0, 1); at < Date.UTC(2028, 0, 1); at += 7 * 86_400_000) {
      const instant = new Date(at);
      for (const { zone, offsetAt } of zones) {
        const offset = offsetAt(instant);
        for (const locale of LOCALES) {
          const name = zoneNameOf(instant, zone, locale);
          const stands = OFFSET_OF_NAME[name];
          if (stands && stands !== offset) {
            wrong.push(`${instant.toISOString()} ${zone} ${locale}: ${name}`);
          }
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});
