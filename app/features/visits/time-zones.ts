/**
 * The zones a business may choose for its visit hours (issue 34): North
 * America's, each with a friendly name ("Mountain Time — Denver") and, said
 * beside it by the page, the short name it has now (zoneNameOf: MST or MDT). A zone
 * outside this list (set some other way) is still offered, by its IANA name.
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";

export interface TimeZoneChoice {
  /** The IANA name stored in visit_settings.time_zone. */
  zone: string;
  /** The region's name for the time, e.g. "Mountain Time". */
  region: MessageDescriptor;
  /** The city the zone is named after, as people write it. */
  city: string;
}

const NEWFOUNDLAND = msg`Newfoundland Time`;
const ATLANTIC = msg`Atlantic Time`;
const EASTERN = msg`Eastern Time`;
const CENTRAL = msg`Central Time`;
const MOUNTAIN = msg`Mountain Time`;
const PACIFIC = msg`Pacific Time`;
const YUKON = msg`Yukon Time`;
const ALASKA = msg`Alaska Time`;
const HAWAII = msg`Hawaii Time`;

/** East to west, the order people look for their own in. */
export const TIME_ZONES: readonly TimeZoneChoice[] = [
  { zone: "America/St_Johns", region: NEWFOUNDLAND, city: "St. John's" },
  { zone: "America/Halifax", region: ATLANTIC, city: "Halifax" },
  { zone: "America/Glace_Bay", region: ATLANTIC, city: "Glace Bay" },
  { zone: "America/Moncton", region: ATLANTIC, city: "Moncton" },
  { zone: "America/Goose_Bay", region: ATLANTIC, city: "Goose Bay" },
  { zone: "America/Puerto_Rico", region: ATLANTIC, city: "Puerto Rico" },
  { zone: "America/Toronto", region: EASTERN, city: "Toronto" },
  { zone: "America/New_York", region: EASTERN, city: "New York" },
  { zone: "America/Detroit", region: EASTERN, city: "Detroit" },
  { zone: "America/Indiana/Indianapolis", region: EASTERN, city: "Indianapolis" },
  { zone: "America/Kentucky/Louisville", region: EASTERN, city: "Louisville" },
  { zone: "America/Chicago", region: CENTRAL, city: "Chicago" },
  { zone: "America/Winnipeg", region: CENTRAL, city: "Winnipeg" },
  { zone: "America/Regina", region: CENTRAL, city: "Regina" },
  { zone: "America/Denver", region: MOUNTAIN, city: "Denver" },
  { zone: "America/Edmonton", region: MOUNTAIN, city: "Edmonton" },
  { zone: "America/Phoenix", region: MOUNTAIN, city: "Phoenix" },
  { zone: "America/Boise", region: MOUNTAIN, city: "Boise" },
  { zone: "America/Los_Angeles", region: PACIFIC, city: "Los Angeles" },
  { zone: "America/Vancouver", region: PACIFIC, city: "Vancouver" },
  { zone: "America/Whitehorse", region: YUKON, city: "Whitehorse" },
  { zone: "America/Anchorage", region: ALASKA, city: "Anchorage" },
  { zone: "Pacific/Honolulu", region: HAWAII, city: "Honolulu" },
];

/** The zone's choice in the list, if it is one. */
export const timeZoneChoice = (zone: string): TimeZoneChoice | undefined =>
  TIME_ZONES.find((choice) => choice.zone === zone);
