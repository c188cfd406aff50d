/** The home page's copy (spec §1, §2 Home), kept apart from its layout. */
import { BRAND } from "~/site";

export const WHY_CHOOSE_US = [
  {
    title: "Professional Excellence",
    body: `Over ${BRAND.yearsOfExperience.toString()} years of experience matching homeowners with contractors who show up, communicate and finish what they start.`,
    icon: "award",
  },
  {
    title: "Expert Network",
    body: "Licensed, insured local pros across the United States and Canada, from roofers and plumbers to builders and landscapers.",
    icon: "users",
  },
  {
    title: "Quality Work",
    body: "Contractors are reviewed on real projects. We keep the ones homeowners would hire again.",
    icon: "badge-check",
  },
  {
    title: "Project Management",
    body: "Follow every request in one place, from the first quote to the final walkthrough.",
    icon: "clipboard-list",
  },
] as const;

export const HOW_IT_WORKS = [
  {
    title: "Share your project details",
    body: "Tell us what you need, where, and when. It takes about two minutes and costs nothing.",
  },
  {
    title: "Get matched with local pros",
    body: "We connect you with up to three contractors who do this work in your area and are ready to quote.",
  },
  {
    title: "Begin work with confidence",
    body: "Compare quotes, pick the contractor you trust, and follow the project from your dashboard.",
  },
] as const;
