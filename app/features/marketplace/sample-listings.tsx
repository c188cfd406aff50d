/**
 * What the sample listings are, said where they are grouped apart from the
 * real businesses (issue 43): on listings, search results and the choose-pros
 * step, in the page's language. The listings and search results are drawn on
 * the server alone; the choose-pros step gets these words with its data
 * (choice.server.ts), so the dashboard's catalogue carries none of them.
 */
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";

export const SAMPLE_LISTINGS = {
  title: msg`Sample listings`,
  note: msg`Not real businesses: shown so you can see how the site works. Their ratings and reviews are made up too.`,
};

/** The group's heading and its line, as a server-drawn page says them. */
export function useSampleListings(): { title: string; note: string } {
  const { i18n } = useLingui();
  return { title: i18n._(SAMPLE_LISTINGS.title), note: i18n._(SAMPLE_LISTINGS.note) };
}
