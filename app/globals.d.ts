/** True in the browser bundle of a production build, which runs on Preact (vite.config.ts). */
declare const __PREACT__: boolean;

/** The URL of the islands entry (app/entry.islands.ts) in the browser build (vite.config.ts). */
declare module "virtual:islands-entry" {
  const url: string;
  export default url;
}
