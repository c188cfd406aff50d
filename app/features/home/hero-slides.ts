/** The home hero's three slides (spec §2, §3: title, subtitle, image), as messages (decision 030). */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";

export interface HeroSlide {
  title: MessageDescriptor;
  subtitle: MessageDescriptor;
  /** A key of the image manifest; its left ~45% is calm enough for text. */
  image: string;
  alt: MessageDescriptor;
}

export const HERO_SLIDES: readonly HeroSlide[] = [
  {
    title: msg`Find Expert Contractors`,
    subtitle: msg`Tell us what you need and we'll match you with trusted local pros, free and with no obligation.`,
    image: "hero/hero-1",
    alt: msg`A contractor with a clipboard shakes hands with a homeowner in front of a two-story house.`,
  },
  {
    title: msg`Quality Construction`,
    subtitle: msg`From a leaky roof to a new addition, work with local crews who take pride in doing the job right.`,
    image: "hero/hero-2",
    alt: msg`A construction crew frames the second story of a new wood-frame house.`,
  },
  {
    title: msg`Premium Construction`,
    subtitle: msg`Plan the home you've been dreaming of with experienced builders who look after every detail.`,
    image: "hero/hero-3",
    alt: msg`A modern two-story home with warmly lit windows and a pool at dusk.`,
  },
];
