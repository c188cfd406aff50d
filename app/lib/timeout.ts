/**
 * `work`, or a rejection with `error()` once `ms` have passed (the work is
 * not stopped: its answer is then ignored). The timer is cleared either way.
 */
export function withTimeout<T>(work: Promise<T>, ms: number, error: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(error()), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
