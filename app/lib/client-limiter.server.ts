/**
 * A token bucket per client, kept in this process's memory: for requests too
 * frequent and too cheap to count in the database (a look-up per keystroke
 * would cost less than the write that limits it). Each client's bucket holds
 * up to `burst` tokens and refills at `perSecond`; a request takes one.
 *
 * Bounded in memory: at most `maxClients` buckets are kept, and the client
 * seen least recently is forgotten first (a Map keeps insertion order, and a
 * client is moved to the end each time it is seen). A forgotten client comes
 * back with a full bucket, which is what it would mostly have had anyway: the
 * least recently seen bucket is the one that has refilled longest.
 *
 * Per process: with several instances a client gets each instance's allowance.
 * See docs/decisions/018-bounded-place-lookups.md.
 */

export interface ClientLimiterOptions {
  /** Requests a client may make at once: the bucket's size. */
  burst: number;
  /** Tokens given back per second. */
  perSecond: number;
  /** Buckets kept at most (about 100 bytes each). */
  maxClients: number;
  /** The clock in milliseconds (Date.now; tests move it with fake timers). */
  now?: () => number;
}

export type LimitDecision = { allowed: true } | { allowed: false; retryAfterS: number };

export interface ClientLimiter {
  /** Takes a token from the client's bucket, or says how long until there is one. */
  take(client: string): LimitDecision;
  /** Clients currently tracked (never more than maxClients). */
  readonly size: number;
}

interface Bucket {
  tokens: number;
  /** When `tokens` was counted (ms). */
  at: number;
}

const ALLOWED: LimitDecision = { allowed: true };

export function createClientLimiter({
  burst,
  perSecond,
  maxClients,
  now = Date.now,
}: ClientLimiterOptions): ClientLimiter {
  if (!(burst >= 1) || !(perSecond > 0) || !(maxClients >= 1)) {
    throw new RangeError("A client limiter needs burst ≥ 1, perSecond > 0 and maxClients ≥ 1");
  }
  const buckets = new Map<string, Bucket>();

  return {
    take(client) {
      const time = now();
      const bucket = buckets.get(client);
      let tokens = burst;
      if (bucket) {
        // Seen again: moved to the end, the most recently seen.
        buckets.delete(client);
        const elapsedS = Math.max(0, time - bucket.at) / 1000;
        tokens = Math.min(burst, bucket.tokens + elapsedS * perSecond);
      }
      const allowed = tokens >= 1;
      if (allowed) tokens -= 1;
      buckets.set(client, { tokens, at: time });
      if (buckets.size > maxClients) {
        const oldest = buckets.keys().next();
        if (!oldest.done) buckets.delete(oldest.value);
      }
      return allowed
        ? ALLOWED
        : { allowed: false, retryAfterS: Math.ceil((1 - tokens) / perSecond) };
    },
    get size() {
      return buckets.size;
    },
  };
}
