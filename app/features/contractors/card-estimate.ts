/**
 * How tall a listing's contractor card is on a phone, estimated from what it
 * shows, for the cards drawn only as they near the screen (`below-fold`,
 * decision 015). Until a card is drawn the browser sizes it by this estimate;
 * one shorter than the card laid the card's buttons over the next pro's name
 * for checkers that read positions before drawing (issue 42 #13: Lighthouse's
 * axe read the name's navy on the Contact button's navy, contrast 1.2). Too
 * tall only lengthens the scrollbar meanwhile, so every figure errs high.
 *
 * Fitted at 320 px (the narrowest screen the site reflows to, a 248 px column
 * inside the card) in the longest of the languages (Spanish, then French): a
 * sample card is 1085–1209 px in English there, 1183–1307 px in Spanish, and
 * 953–1064 px on a 412 px phone.
 */
import type { CSSProperties } from "react";
import type { ContractorCardData } from "./contractors.server";

const PX = {
  /** The card's padding, top and bottom, and the gap between its parts. */
  padding: 40,
  gap: 20,
  /** Name, rating and answer line (two lines in Spanish), the "Sample listing" badge. */
  header: 160,
  /** A further line of the name (20 px bold: about 19 characters a line at 320 px, 18 said). */
  nameLine: 28,
  nameChars: 18,
  /** A verified licence or insurance, on two lines. */
  verified: 46,
  /** The description: 16 px text, 24 px lines, about 27 characters a line (24 said). */
  textLine: 24,
  textChars: 24,
  /** A feature or contact line: 14 px text, 20 px lines, about 32 characters (28 said). */
  smallLine: 20,
  smallChars: 28,
  smallGap: 8,
  /** The phone and email links (24 px tall each). */
  contactLine: 24,
  /** "Recent projects" and three pictures (4:3). */
  gallery: 112,
  /** The three buttons (on three lines in Spanish), the claim link and the consent text. */
  actions: 520,
  /** "Not taking new requests until …" and the claim link, in place of the buttons. */
  paused: 120,
};

const lines = (text: string, perLine: number) =>
  text.length === 0 ? 0 : Math.ceil(text.length / perLine);

/** The card's height on a 320 px screen, in px, erring high (see the header). */
function cardHeightPx(card: ContractorCardData): number {
  const verified = [card.verified.licence, card.verified.insurance].filter(Boolean).length;
  const header =
    PX.header +
    Math.max(0, lines(card.name, PX.nameChars) - 1) * PX.nameLine +
    verified * PX.verified;
  const description = card.description
    ? PX.gap + lines(card.description, PX.textChars) * PX.textLine
    : 0;
  const small = (text: string) => lines(text, PX.smallChars) * PX.smallLine + PX.smallGap;
  const features = card.features.reduce((sum, feature) => sum + small(feature), 0);
  const contact =
    (card.phone ? PX.contactLine + PX.smallGap : 0) +
    (card.email ? PX.contactLine + PX.smallGap : 0) +
    (card.address ? small(card.address) : 0);
  const details =
    features + contact > 0 ? PX.gap + features + contact + (features && contact ? PX.gap : 0) : 0;
  const gallery = card.gallery.length > 0 ? PX.gap + PX.gallery : 0;
  const actions = PX.gap + (card.pause ? PX.paused : PX.actions);
  return PX.padding + header + description + details + gallery + actions;
}

/** The estimate a `below-fold` card carries: `contain-intrinsic-block-size: auto …rem`. */
export function cardEstimate(card: ContractorCardData): CSSProperties {
  return { containIntrinsicBlockSize: `auto ${Math.ceil(cardHeightPx(card) / 16).toString()}rem` };
}
