import { randomBytes } from "node:crypto";

/**
 * What the pages this process renders mark their own scripts with (see
 * app/lib/script-mark.ts): random for each process and removed before a page
 * is sent, so no page content can forge it.
 */
export const SCRIPT_MARK = `tmmark${randomBytes(12).toString("hex")}`;
