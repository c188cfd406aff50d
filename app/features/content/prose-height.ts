/**
 * How tall a long text is on a narrow phone (360 px), in rem, a little over
 * rather than under: a below-the-fold part estimated shorter than it is pulls
 * what follows it near the first screen, and checkers that read positions
 * before it is drawn (Lighthouse's contrast audit) see its text over the
 * parts that follow. Decision 015.
 *
 * Fitted on the category guides: about 0.06rem a character at 17 px on a
 * 328 px column, 2rem of margins a block, 40rem for a heading and what sits
 * above the text in its part (a table of contents, an introduction).
 */
const REM_PER_CHARACTER = 0.06;
const REM_PER_BLOCK = 2;
const REM_AROUND = 40;

export function proseHeightRem(html: string): number {
  const text = html.replace(/<[^>]*>/g, "");
  const blocks = html.match(/<(p|li|h2|h3|tr|blockquote)\b/g)?.length ?? 0;
  return Math.ceil(text.length * REM_PER_CHARACTER + blocks * REM_PER_BLOCK + REM_AROUND);
}
