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
export function islandsStarter(entryUrl: string, latestStartMs: number): string {
  // "<" escaped: the text sits inside a <script> element.
  const url = JSON.stringify(entryUrl).replace(/</g, "\\u003c");
  return [
    "(()=>{let started=false;",
    "const run=()=>{if(started)return;started=true;",
    `const s=document.createElement("script");s.type="module";s.src=${url};`,
    "document.head.append(s)};",
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
