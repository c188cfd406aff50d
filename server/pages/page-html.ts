/**
 * A rendered page as it leaves the server, the same for every visitor:
 * hydration deferred to the load event, styles cut down to what the page
 * uses, its own scripts allowed by hash, its font preloads repeated as a
 * Link header.
 */
import { sealScripts, type SealedPage } from "../http/csp";
import type { PageCss } from "./page-css";

const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*\/?>/g;
const MODULE_SCRIPT = /<script([^>]*?) type="module"( async="")?>([\s\S]*?)<\/script>/;

/**
 * Hydration waits for the page's load event: the first paint and the main
 * image never share the network or the main thread with the app's
 * JavaScript. The module preloads go (the modules are fetched when hydration
 * starts), and the bootstrap module runs from a small inline script once the
 * page has loaded. Links and forms work before that as plain HTML.
 */
export function deferHydration(html: string): string {
  return html
    .replace(MODULE_PRELOAD, "")
    .replace(MODULE_SCRIPT, (_match, attributes: string, _async, code: string) => {
      const source = JSON.stringify(code).replace(/</g, "\\u003c");
      return (
        `<script${attributes}>(()=>{const run=()=>{const s=document.createElement("script");` +
        `s.type="module";s.textContent=${source};document.body.append(s)};` +
        `document.readyState==="complete"?run():addEventListener("load",run,{once:true})})()</script>`
      );
    });
}

/**
 * A rendered page as it leaves the server: hydration deferred, its styles cut
 * down to what it uses (when `pageCss` is given: content pages; personal pages
 * link the stylesheet instead, decision 044), its marked scripts turned into
 * hashes.
 */
export function preparePage(
  html: string,
  scriptMark: string,
  pageCss: PageCss | undefined,
): SealedPage {
  const deferred = deferHydration(html);
  return sealScripts(pageCss ? pageCss.inline(deferred) : deferred, scriptMark);
}

/**
 * The response headers with the page's font preloads repeated as a `Link`
 * header. Chrome starts those when the response arrives, before it has parsed
 * the head; from the `<link>` tag alone, the font's response reached the page
 * while it was busy with its first layout, which it then did with a fallback
 * font and did again, in full, once the font arrived (14 ms on this machine).
 */
export function withFontPreloads(headers: Headers, html: string): Headers {
  const end = html.indexOf("</head>");
  const head = end === -1 ? html : html.slice(0, end);
  const links: string[] = [];
  for (const [tag] of head.matchAll(/<link\b[^>]*>/g)) {
    if (!/\srel="preload"/.test(tag) || !/\sas="font"/.test(tag)) continue;
    const href = /\shref="([^"]+)"/.exec(tag)?.[1];
    if (!href) continue;
    const type = /\stype="([^"]+)"/.exec(tag)?.[1];
    // Fonts are always fetched in CORS mode: the header must say so to match the tag's request.
    links.push(`<${href}>; rel=preload; as=font${type ? `; type="${type}"` : ""}; crossorigin`);
  }
  if (links.length === 0) return headers;
  const withLinks = new Headers(headers);
  withLinks.append("Link", links.join(", "));
  return withLinks;
}
