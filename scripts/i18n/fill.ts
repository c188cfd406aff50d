/**
 * Puts translations into the PO catalogues (decision 030):
 *
 *   node scripts/i18n/fill.ts translations.json [more.json…]
 *
 * Each file is a list of `{ "en": "…", "es": "…", "fr": "…" }` (ICU messages,
 * the English exactly as in the code; an optional "context"). Every catalogue
 * entry with that English source gets the translations; entries already
 * translated are replaced. Prints what matched nothing, so a typo shows.
 * Run `npx lingui extract` first, so the catalogues hold the new messages.
 */
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { formatter } from "@lingui/format-po";

interface Entry {
  en: string;
  es: string;
  fr: string;
  context?: string;
}

const ROOT = path.resolve(import.meta.dirname, "../..");
const LOCALES_DIR = path.join(ROOT, "app/locales");
const po = formatter({ lineNumbers: false, origins: true });

const entries: Entry[] = process.argv
  .slice(2)
  .flatMap((file) => JSON.parse(readFileSync(file, "utf8")) as Entry[]);
const key = (message: string, context?: string) => `${context ?? ""}\u0004${message}`;
const wanted = new Map<string, Entry>();
let conflicts = 0;
for (const entry of entries) {
  const earlier = wanted.get(key(entry.en, entry.context));
  if (earlier && (earlier.es !== entry.es || earlier.fr !== entry.fr)) {
    console.warn(
      `two translations of ${JSON.stringify(entry.en)}:\n  ${earlier.es} / ${earlier.fr}\n  ${entry.es} / ${entry.fr}`,
    );
    conflicts++;
  }
  wanted.set(key(entry.en, entry.context), entry);
}
const used = new Set<string>();

for (const locale of ["es", "fr"] as const) {
  for (const file of readdirSync(path.join(LOCALES_DIR, locale))) {
    if (!file.endsWith(".po")) continue;
    const filename = path.join(LOCALES_DIR, locale, file);
    const context = { locale, sourceLocale: "en", filename };
    const catalog = await po.parse(readFileSync(filename, "utf8"), context);
    let changed = 0;
    for (const message of Object.values(catalog)) {
      const match = wanted.get(key(message.message ?? "", message.context));
      if (!match) continue;
      used.add(key(match.en, match.context));
      if (message.translation !== match[locale]) {
        message.translation = match[locale];
        changed++;
      }
    }
    if (changed > 0) {
      const existing = readFileSync(filename, "utf8");
      writeFileSync(filename, await po.serialize(catalog, { ...context, existing }));
      console.log(`${path.relative(ROOT, filename)}: ${changed} translated`);
    }
  }
}

const unused = entries.filter((entry) => !used.has(key(entry.en, entry.context)));
for (const entry of unused) console.warn(`not in any catalogue: ${JSON.stringify(entry.en)}`);
if (conflicts > 0) process.exitCode = 1;
