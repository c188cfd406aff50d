/** The home hero's three slides (spec §2: titles word for word). */
export interface HeroSlide {
  title: string;
  subtitle: string;
  image: string;
  alt: string;
}

export const HERO_SLIDES: readonly HeroSlide[] = [
  {
    title: "Find Expert Contractors",
    subtitle:
      "Roofers, plumbers, electricians and builders near you, compared in one place and ready to quote.",
    image: "hero/hero-1",
    alt: "A contractor greeting a homeowner in front of a house",
  },
  {
    title: "Quality Construction",
    subtitle:
      "Licensed, insured crews who build to code, keep you informed and finish what they start.",
    image: "hero/hero-2",
    alt: "A construction crew framing a new home",
  },
  {
    title: "Premium Construction",
    subtitle:
      "From a kitchen remodel to a custom home, get the craftsmanship your project deserves.",
    image: "hero/hero-3",
    alt: "A finished modern home lit up at dusk",
  },
];
