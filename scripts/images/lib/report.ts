/** Prints the size table, totals and budget breaches; returns false if any budget is broken. */
import type { Output } from "./render.ts";

const kb = (b: number): string => `${(b / 1000).toFixed(1)}k`;

export function printReport(outputs: readonly Output[], ms: number): boolean {
  const byName = new Map<string, Output[]>();
  for (const o of outputs) byName.set(o.name, [...(byName.get(o.name) ?? []), o]);
  const nameW = Math.max(...[...byName.keys()].map((k) => k.length), 10);
  console.log(`${"image".padEnd(nameW)}  sizes (width/format: kB; ! = over budget)`);
  console.log("-".repeat(nameW + 70));
  for (const [name, list] of byName) {
    const cells = list.map(
      (o) => `${o.width}.${o.format} ${kb(o.bytes).padStart(6)}${o.bytes > o.budget ? "!" : " "}`,
    );
    console.log(`${name.padEnd(nameW)}  ${cells.join("  ")}`);
  }
  const total = outputs.reduce((sum, o) => sum + o.bytes, 0);
  const over = outputs.filter((o) => o.bytes > o.budget);
  const largest = [...outputs].sort((a, b) => b.bytes - a.bytes).slice(0, 8);
  console.log("-".repeat(nameW + 70));
  console.log(`${outputs.length} files, ${kb(total)} in total, ${(ms / 1000).toFixed(1)} s`);
  console.log(`largest: ${largest.map((o) => `${o.file} ${kb(o.bytes)}`).join(", ")}`);
  if (over.length > 0) {
    console.error(`\n${over.length} file(s) over budget:`);
    for (const o of over) console.error(`  ${o.file}: ${kb(o.bytes)} > ${kb(o.budget)}`);
    return false;
  }
  console.log("all files within budget");
  return true;
}
