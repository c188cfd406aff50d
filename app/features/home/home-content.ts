/** The home page's copy (spec §1, §2 Home), kept apart from its layout, as messages (decision 030). */
import { msg } from "@lingui/core/macro";
import { BRAND } from "~/site";

const years = BRAND.yearsOfExperience;

export const WHY_CHOOSE_US = [
  {
    title: msg`Professional Excellence`,
    body: msg`Over ${years} years of experience matching homeowners with contractors who show up, communicate and finish what they start.`,
    icon: "award",
  },
  {
    title: msg`Expert Network`,
    body: msg`Licensed, insured local pros across the United States and Canada, from roofers and plumbers to builders and landscapers.`,
    icon: "users",
  },
  {
    title: msg`Quality Work`,
    body: msg`Contractors are reviewed on real projects. We keep the ones homeowners would hire again.`,
    icon: "badge-check",
  },
  {
    title: msg`Project Management`,
    body: msg`Follow every request in one place, from the first quote to the final walkthrough.`,
    icon: "clipboard-list",
  },
] as const;

export const HOW_IT_WORKS = [
  {
    title: msg`Share your project details`,
    body: msg`Tell us what you need, where, and when. It takes about two minutes and costs nothing.`,
  },
  {
    title: msg`Get matched with local pros`,
    body: msg`We connect you with up to three contractors who do this work in your area and are ready to quote.`,
  },
  {
    title: msg`Begin work with confidence`,
    body: msg`Compare quotes, pick the contractor you trust, and follow the project from your dashboard.`,
  },
] as const;
