/**
 * Browser context options for a phone, as Lighthouse's mobile run sees one
 * (412 × 823 at 1.75× by default). The screen is set with the viewport: a
 * phone viewport on the desktop project's 1920 px screen made Chromium pick
 * a second, desktop-sized rendition of the hero picture.
 */
export function phone(width = 412, height = 823, deviceScaleFactor = 1.75) {
  const size = { width, height };
  return { viewport: size, screen: size, deviceScaleFactor, isMobile: true };
}
