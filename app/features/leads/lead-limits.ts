/** Limits the forms show in their markup (kept apart from the schema so pages don't load it up front). */
export const MAX_DETAILS_LENGTH = 5000;
