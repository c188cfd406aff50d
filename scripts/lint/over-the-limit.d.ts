/** The types of over-the-limit.js (plain JavaScript: eslint.config.js imports it). */
export declare const OVER_THE_LIMIT: readonly { file: string; reason: string }[];
