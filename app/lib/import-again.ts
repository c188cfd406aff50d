/**
 * Code the browser loads when it is needed (an island, the location picker,
 * the toasts), asked for a second time when the first download fails: a
 * phone on a weak network drops a request now and then, and browsers fetch a
 * module again after a failed dynamic import rather than remember the failure.
 */

/** How long to wait before asking again. */
export const IMPORT_RETRY_WAIT_MS = 400;

export async function importAgainOnFailure<T>(
  load: () => Promise<T>,
  waitMs = IMPORT_RETRY_WAIT_MS,
): Promise<T> {
  try {
    return await load();
  } catch {
    await new Promise((resolve) => setTimeout(resolve, waitMs));
    return load();
  }
}
