/** The URL of the islands entry (app/entry.islands.ts) in the browser build (vite.config.ts). */
declare module "virtual:islands-entry" {
  const url: string;
  export default url;
}

/**
 * The words in each island's code, by island name, from the browser build;
 * null where pages are not built (development). See server/pages/page-css.ts.
 */
declare module "virtual:island-classes" {
  const classes: Readonly<Record<string, readonly string[]>> | null;
  export default classes;
}
