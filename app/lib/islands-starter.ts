/**
 * The inline script that starts a content page's islands (decisions 008, 010):
 * it inserts the islands entry once the page has loaded and the browser has
 * reported its first contentful paint, so the first paint never waits for
 * the page's JavaScript. Where the browser can't report that paint, or never
 * does (a tab opened in the background), the load event and `latestStartMs`
 * are enough.
 *
 * A script element, not import(): under 'strict-dynamic' only scripts a
 * trusted script inserts itself may load, and an import() from a
 * parser-inserted script allowed by hash is refused (decision 011).
 */
export function islandsStarter(
  entryUrl: string,
  latestStartMs: number,
  /** Development: a module to run first (React Fast Refresh's preamble). */
  preambleUrl?: string,
): string {
  // "<" escaped: the text sits inside a <script> element.
  const json = (text: string) => JSON.stringify(text).replace(/</g, "\\u003c");
  const url = json(entryUrl);
  return [
    "(()=>{let started=false;",
    'const add=(src,then)=>{const s=document.createElement("script");s.type="module";s.src=src;',
    "if(then)s.onload=then;document.head.append(s)};",
    "const run=()=>{if(started)return;started=true;",
    preambleUrl ? `add(${json(preambleUrl)},()=>add(${url}))};` : `add(${url})};`,
    "const painted=new Promise((done)=>{",
    'if(!(PerformanceObserver.supportedEntryTypes||[]).includes("paint")',
    '||performance.getEntriesByName("first-contentful-paint").length)return done();',
    "new PerformanceObserver((list,observer)=>{",
    'if(list.getEntriesByName("first-contentful-paint").length){observer.disconnect();done()}',
    '}).observe({type:"paint",buffered:true})});',
    `const loaded=()=>{painted.then(run);setTimeout(run,${String(latestStartMs)})};`,
    'document.readyState==="complete"?loaded():addEventListener("load",loaded,{once:true})})()',
  ].join("");
}
