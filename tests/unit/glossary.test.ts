/**
 * One term per thing: each translated language keeps a glossary beside its catalogues
 * (app/locales/{lang}/glossary.json). No catalogue translation (msgstr), guide or legal page
 * in that language may use a banned variant of a glossary term, and the legal pages carry none
 * of the English words the glossary lists. French also follows Quebec typography: a
 * non-breaking space (U+00A0) before a colon and inside « ».
 *
 * glossary.json:
 *   { "terms": [{ "en": "...", "use": "...", "banned": ["...", ...] }],
 *     "englishInLegalPages": ["Privacy Officer", ...] }
 * A banned variant is a plain phrase, matched case-insensitively on word boundaries; the
 * spaces in it match any run of white space, and ' matches ’ and the other way round.
 * An English word is matched as a whole phrase, case-sensitively.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const repo = path.resolve(import.meta.dirname, "../..");
const LANGUAGES = ["es", "fr"] as const;

type Glossary = {
  terms: { en: string; use: string; banned: string[] }[];
  englishInLegalPages: string[];
};

/** A piece of translated text and where it starts: file (relative to the repo) and line. */
type Source = { file: string; line: number; text: string; po?: boolean };

const NBSP = "\u00a0";

function unquote(literal: string): string {
  return JSON.parse(literal.replace(/\t/g, "\\t")) as string;
}

/** Every msgstr of a PO file, each with the line of its `msgstr` keyword. The header is left out. */
function poMessages(file: string, content: string): Source[] {
  const messages: Source[] = [];
  let current: Source | null = null;
  let msgid = "";
  let field: "msgid" | "msgstr" | null = null;
  const close = () => {
    if (current && msgid !== "") messages.push(current);
    current = null;
  };
  content.split("\n").forEach((raw, index) => {
    const line = raw.trim();
    const keyword = /^(msgid|msgstr(?:\[\d+\])?|msgctxt|msgid_plural)\s+(".*")$/.exec(line);
    if (keyword) {
      const name = keyword[1] ?? "";
      const literal = keyword[2] ?? '""';
      if (name === "msgid") {
        close();
        field = "msgid";
        msgid = unquote(literal);
      } else if (name.startsWith("msgstr")) {
        close();
        field = "msgstr";
        current = { file, line: index + 1, text: unquote(literal), po: true };
      } else {
        field = null;
      }
    } else if (line.startsWith('"')) {
      if (field === "msgid") msgid += unquote(line);
      else if (field === "msgstr" && current) current.text += unquote(line);
    } else if (line === "" || line.startsWith("#")) {
      close();
      field = null;
    }
  });
  close();
  return messages;
}

function walk(directory: string): string[] {
  if (!existsSync(directory)) return [];
  return readdirSync(directory)
    .sort()
    .flatMap((name) => {
      const full = path.join(directory, name);
      return statSync(full).isDirectory() ? walk(full) : [full];
    });
}

function catalogueMessages(lang: string): Source[] {
  const directory = path.join(repo, "app/locales", lang);
  return readdirSync(directory)
    .filter((name) => name.endsWith(".po"))
    .sort()
    .flatMap((name) => {
      const file = path.join(directory, name);
      return poMessages(path.relative(repo, file), readFileSync(file, "utf8"));
    });
}

function contentFiles(lang: string): Source[] {
  return walk(path.join(repo, "content", lang))
    .filter((file) => file.endsWith(".md"))
    .map((file) => ({
      file: path.relative(repo, file),
      line: 1,
      text: readFileSync(file, "utf8"),
    }));
}

function legalPages(lang: string): Source[] {
  return contentFiles(lang).filter((source) =>
    /^content\/[a-z]+\/pages\/[^/]+\.md$/.test(source.file),
  );
}

/** The line of a match: a msgstr's own line, or a file's first line plus the newlines before it. */
const lineOf = (source: Source, index: number) =>
  source.po ? source.line : source.line + (source.text.slice(0, index).match(/\n/g)?.length ?? 0);

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A banned variant as a case-insensitive pattern on (Unicode) word boundaries. */
function variantPattern(variant: string): RegExp {
  const body = variant
    .trim()
    .split(/\s+/)
    .map((word) => escape(word).replace(/['’]/g, "['’]"))
    .join("\\s+");
  return new RegExp(`(?<![\\p{L}\\p{N}_])${body}(?![\\p{L}\\p{N}_])`, "giu");
}

/** An English phrase as a case-sensitive whole-phrase pattern. */
function englishPattern(phrase: string): RegExp {
  const body = phrase.trim().split(/\s+/).map(escape).join("\\s+");
  return new RegExp(`(?<![\\p{L}\\p{N}_])${body}(?![\\p{L}\\p{N}_])`, "gu");
}

function bannedUses(glossary: Glossary, sources: Source[]): string[] {
  const problems: string[] = [];
  for (const term of glossary.terms) {
    for (const variant of term.banned) {
      const pattern = variantPattern(variant);
      for (const source of sources) {
        for (const match of source.text.matchAll(pattern)) {
          problems.push(
            `${source.file}:${lineOf(source, match.index)}: «${match[0]}» is a banned variant of "${term.en}"; use «${term.use}»`,
          );
        }
      }
    }
  }
  return problems;
}

function englishUses(phrases: string[], sources: Source[]): string[] {
  const problems: string[] = [];
  for (const phrase of phrases) {
    const pattern = englishPattern(phrase);
    for (const source of sources) {
      for (const match of source.text.matchAll(pattern)) {
        problems.push(
          `${source.file}:${lineOf(source, match.index)}: English "${match[0]}" in a legal page`,
        );
      }
    }
  }
  return problems;
}

/**
 * Replaces what typography rules do not apply to with spaces of the same length (so indexes
 * and lines stay right): YAML front-matter keys, code, link targets, heading anchors, HTML
 * comments and tags, {{placeholders}}, URLs, e-mail schemes and times.
 */
function proseOnly(text: string): string {
  const blank = (match: string) => match.replace(/[^\n]/g, " ");
  return text
    .replace(/^---\n[\s\S]*?\n---\n/, (front) =>
      front.replace(/^[ \t]*(?:-[ \t]+)?[A-Za-z_][\w-]*:/gm, blank),
    )
    .replace(/```[\s\S]*?```/g, blank)
    .replace(/`[^`\n]*`/g, blank)
    .replace(/<!--[\s\S]*?-->/g, blank)
    .replace(/\]\([^)\n]*\)/g, blank)
    .replace(/^\s*\[[^\]\n]+\]:\s*\S+.*$/gm, blank)
    .replace(/\{#[\w-]+\}/g, blank)
    .replace(/\{\{[^{}\n]*\}\}/g, blank)
    .replace(/<\/?[A-Za-z][^<>\n]*>/g, blank)
    .replace(/\b[a-z][a-z0-9+.-]*:\/\/\S+/gi, blank)
    .replace(/\b(?:mailto|tel|sms):\S+/gi, blank)
    .replace(/\d:\d/g, blank);
}

function typographyProblems(sources: Source[]): string[] {
  const problems: string[] = [];
  const report = (source: Source, index: number, what: string) => {
    const text = source.text;
    const around = text.slice(Math.max(0, index - 25), index + 25).replace(/\n/g, " ");
    problems.push(`${source.file}:${lineOf(source, index)}: ${what}: «${around}»`);
  };
  for (const source of sources) {
    const prose = proseOnly(source.text);
    for (const match of prose.matchAll(/:/g)) {
      const index = match.index;
      if (index === 0) continue;
      const before = prose[index - 1];
      if (before === NBSP) continue;
      report(
        source,
        index,
        before === " "
          ? "an ordinary space before a colon"
          : "no non-breaking space before a colon",
      );
    }
    for (const match of prose.matchAll(/«(.|\n|$)/g)) {
      if (match[1] !== NBSP) report(source, match.index, "no non-breaking space after «");
    }
    for (const match of prose.matchAll(/(^|.|\n)»/g)) {
      if (match[1] !== NBSP) report(source, match.index, "no non-breaking space before »");
    }
  }
  return problems;
}

const glossaryFile = (lang: string) => path.join(repo, "app/locales", lang, "glossary.json");
const withGlossary = LANGUAGES.filter((lang) => existsSync(glossaryFile(lang)));

describe("the glossary checks themselves", () => {
  const glossary: Glossary = {
    terms: [
      { en: "Sample listing", use: "Fiche fictive", banned: ["Fiche exemple", "Ville de base"] },
    ],
    englishInLegalPages: ["Privacy Officer"],
  };

  it("finds a banned variant in a msgstr, in any case and across a line break, with its line", () => {
    const po =
      'msgid "A"\nmsgstr "La fiche\\u0020exemple"\n\nmsgid "B"\nmsgstr ""\n"Une FICHE "\n"Exemple"\n';
    const messages = poMessages("x.po", po.replace("\\u0020", " "));
    expect(bannedUses(glossary, messages)).toEqual([
      expect.stringMatching(/^x\.po:2: «fiche exemple»/),
      expect.stringMatching(/^x\.po:5: «FICHE Exemple»/),
    ]);
  });

  it("leaves a longer word alone and matches either apostrophe", () => {
    const sources = [
      { file: "a.md", line: 1, text: "Fiche exemplaire.\nLa Ville de bases.\nville  de\nbase" },
    ];
    expect(bannedUses(glossary, sources)).toEqual([expect.stringMatching(/^a\.md:3: /)]);
    const apostrophe = {
      terms: [{ en: "x", use: "y", banned: ["d'attache"] }],
      englishInLegalPages: [],
    };
    expect(
      bannedUses(apostrophe, [{ file: "b.md", line: 1, text: "ville d’attache" }]),
    ).toHaveLength(1);
  });

  it("finds an English phrase in a legal page", () => {
    const sources = [{ file: "p.md", line: 1, text: "Intro\nle responsable (Privacy Officer)" }];
    expect(englishUses(glossary.englishInLegalPages, sources)).toEqual([
      'p.md:2: English "Privacy Officer" in a legal page',
    ]);
  });

  it("wants a non-breaking space before a colon and inside « »", () => {
    const bad = [
      "Note : texte",
      "Note: texte",
      "un « mot\u00a0»",
      "un «\u00a0mot »",
      "un «mot\u00a0»",
    ];
    for (const text of bad) {
      expect(typographyProblems([{ file: "f.md", line: 1, text }]), text).toHaveLength(1);
    }
    const good = [
      "Note\u00a0: texte «\u00a0mot\u00a0»",
      "Voir https://example.com/a:b et mailto:x@y.z à 9:00 ou `a: b`",
      '---\ntitle: "Titre\u00a0: sous-titre"\n---\n\n## Titre {#anchor}\n\n[lien](https://x.example/a:b)',
      "<0>Lien</0>\u00a0: {value}",
    ];
    for (const text of good) {
      expect(typographyProblems([{ file: "f.md", line: 1, text }]), text).toEqual([]);
    }
  });
});

describe.each(withGlossary)("glossary of %s", (lang) => {
  const glossary = JSON.parse(readFileSync(glossaryFile(lang), "utf8")) as Glossary;

  it("is well formed", () => {
    expect(glossary.terms.length).toBeGreaterThan(0);
    for (const term of glossary.terms) {
      expect(typeof term.en).toBe("string");
      expect(typeof term.use).toBe("string");
      expect(Array.isArray(term.banned)).toBe(true);
      for (const variant of term.banned) {
        expect(variantPattern(variant).test(term.use), `"${variant}" bans the term itself`).toBe(
          false,
        );
      }
    }
    expect(Array.isArray(glossary.englishInLegalPages)).toBe(true);
  });

  it("no catalogue translation uses a banned variant", () => {
    expect(bannedUses(glossary, catalogueMessages(lang))).toEqual([]);
  });

  it("no guide or legal page uses a banned variant", () => {
    expect(bannedUses(glossary, contentFiles(lang))).toEqual([]);
  });

  it("the legal pages carry none of the listed English words", () => {
    expect(legalPages(lang).length).toBeGreaterThan(0);
    expect(englishUses(glossary.englishInLegalPages, legalPages(lang))).toEqual([]);
  });
});

describe("French typography", () => {
  it("every French msgstr has a non-breaking space before a colon and inside « »", () => {
    expect(typographyProblems(catalogueMessages("fr"))).toEqual([]);
  });

  it("every French guide and legal page has a non-breaking space before a colon and inside « »", () => {
    expect(typographyProblems(contentFiles("fr"))).toEqual([]);
  });
});

/** A front matter's YAML string quotes blanked (they are syntax, not prose). */
function withoutYamlQuotes(text: string): string {
  return text.replace(/^---\n[\s\S]*?\n---\n/, (front) =>
    front.replace(
      /^(\s*(?:-\s+)?(?:[\w-]+:\s*)?)"(.*)"(\s*)$/gm,
      (_, lead: string, value: string, tail: string) => `${lead} ${value} ${tail}`,
    ),
  );
}

/** Straight double quotes in the prose of these files (Spanish writes “…”, as its interface does). */
function straightQuotes(sources: Source[]): string[] {
  return sources.flatMap((source) =>
    [...proseOnly(withoutYamlQuotes(source.text)).matchAll(/"/g)].map(
      (match) => `${source.file}:${lineOf(source, match.index)}: a straight quote; write “…”`,
    ),
  );
}

describe("Spanish typography", () => {
  it("finds a straight quote in prose, not in markup", () => {
    const page = {
      file: "content/es/pages/x.md",
      line: 1,
      text: '---\ntitle: "Una guía"\n---\nUn <a href="/es">enlace</a> y “bien”.\nDiga "no".',
    };
    expect(straightQuotes([page])).toEqual([
      "content/es/pages/x.md:5: a straight quote; write “…”",
      "content/es/pages/x.md:5: a straight quote; write “…”",
    ]);
  });

  it("every Spanish guide and legal page quotes with curly quotes", () => {
    expect(straightQuotes(contentFiles("es"))).toEqual([]);
  });
});

describe("the Quebec notice", () => {
  it.each(["content/pages/terms.md", "content/es/pages/terms.md"])(
    "%s offers the French terms first, as governing in Quebec, with their link",
    (file) => {
      const terms = readFileSync(path.join(repo, file), "utf8");
      const notice = terms.split("\n").find((line) => line.includes('href="/fr/terms"'));
      expect(notice).toMatch(/^\*\*(In|En) Quebec,\*\*/);
      expect(notice).toContain('lang="fr"');
      // It comes before the terms themselves: within the first lines after the date.
      expect(terms.split("\n").indexOf(notice ?? "")).toBeLessThan(10);
    },
  );
});
