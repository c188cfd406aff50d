import { getEnv } from "./env.server";

/** The public origin, for canonical URLs (build-time for prerendered pages). */
export function siteUrl(): string {
  return getEnv().SITE_URL;
}
