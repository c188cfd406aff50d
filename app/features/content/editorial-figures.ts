/**
 * The figures the category articles quote (content/categories), as the
 * specification gives them; tests/unit/category-content.test.ts checks the
 * articles say the same.
 */

/** Spec §9 editorial figures. */
export const EDITORIAL_FIGURES = {
  renovationCostPerSqFt: { min: 15, max: 60, currency: "USD" },
  contingencyPercent: { min: 10, max: 20 },
  apprenticeshipYears: { min: 3, max: 5 },
  landscapingIndustry2023: {
    businesses: 633_000,
    revenueBillionUsd: 150.4,
    jobs: 1_200_000,
  },
  commercialProjectSizeBandsUsd: [
    { label: "Under $1 million", max: 1_000_000 },
    { label: "$1 million to $10 million", min: 1_000_000, max: 10_000_000 },
    { label: "$10 million to $50 million", min: 10_000_000, max: 50_000_000 },
    { label: "Over $50 million", min: 50_000_000 },
  ],
} as const;
