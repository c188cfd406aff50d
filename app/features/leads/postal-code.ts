/** US ZIP codes (5 digits or ZIP+4) and Canadian postal codes (A1A 1A1). */

const US_ZIP = /^(\d{5})(?:[-\s]?(\d{4}))?$/;
// Canadian postal codes never use D, F, I, O, Q or U, nor W or Z first.
const CA_POSTAL = /^([ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z])\s?(\d[ABCEGHJ-NPRSTV-Z]\d)$/i;

export interface PostalCode {
  /** "80202", "80202-1234" or "M5V 2T6". */
  code: string;
  country: "US" | "CA";
}

export function parsePostalCode(input: string): PostalCode | null {
  const text = input.trim();
  const zip = US_ZIP.exec(text);
  if (zip) return { code: zip[2] ? `${zip[1]}-${zip[2]}` : (zip[1] ?? ""), country: "US" };
  const postal = CA_POSTAL.exec(text);
  if (postal) {
    return { code: `${postal[1]} ${postal[2]}`.toUpperCase(), country: "CA" };
  }
  return null;
}
