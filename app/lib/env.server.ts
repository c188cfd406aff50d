/**
 * The server's configuration, read from the environment once and validated.
 * A bad value stops start-up with a message that names the variable.
 */
import { z } from "zod";

const port = z.coerce
  .number()
  .int()
  .min(0, "must be a port number (0–65535)")
  .max(65535, "must be a port number (0–65535)");

const optionalUrl = z.url({ error: "must be a URL" }).optional();

/** A secret someone chose: long, and not a placeholder left in a template. */
const randomSecret = z
  .string()
  .min(32, "must be at least 32 characters (use a random value)")
  .refine((value) => !/^(change[-_ ]?me|secret|password|default)/i.test(value), {
    message: "is a placeholder value; use a random secret (openssl rand -hex 32)",
  });

const booleanFlag = z
  .enum(["0", "1", "true", "false"], { error: "must be 0, 1, true or false" })
  .transform((value) => value === "1" || value === "true");

const envSchema = z.object({
  NODE_ENV: z
    .enum(["production", "development", "test"], {
      error: "must be production, development or test",
    })
    .default("production"),
  PORT: port.default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  SITE_URL: optionalUrl,
  DATA_DIR: z.string().min(1).default("data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
    .optional(),
  LOG_LEVEL: z
    .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], {
      error: "must be one of fatal, error, warn, info, debug, trace, silent",
    })
    .default("info"),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /** A request whose headers, or the next part of whose body, take longer is closed (408). */
  REQUEST_BODY_TIMEOUT_MS: z.coerce.number().int().positive().default(15_000),
  /** Signs form keys and sessions; generated and kept in the database when unset. */
  SESSION_SECRET: randomSecret.optional(),
  /**
   * The operator token (the operator endpoint, and `Authorization: Bearer`
   * for /metrics): random at each start when unset, so a scraper needs it set.
   */
  OPERATOR_TOKEN: randomSecret
    .regex(/^[\x21-\x7e]+$/, "must be printable ASCII without spaces (it is sent in a header)")
    .optional(),
  /** Use the first X-Forwarded-For address as the client's (behind a proxy). */
  TRUST_PROXY: booleanFlag.default(false),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
    .optional(),
  LEADS_EMAIL_TO: z.email({ error: "must be an email address" }).optional(),
  MAIL_FROM: z.string().min(3).optional(),
  /** The mailing address every email carries at its foot (CASL); BRAND.postalAddress by default. */
  MAIL_POSTAL_ADDRESS: z.string().trim().min(10).max(200).optional(),
  LEAD_WEBHOOK_URL: optionalUrl,
  LEAD_WEBHOOK_SECRET: z.string().min(16, "must be at least 16 characters").optional(),
  /** Lead submissions allowed per client per window. */
  RATE_LIMIT_MAX: z.coerce.number().int().positive().default(10),
  RATE_LIMIT_WINDOW_S: z.coerce.number().int().positive().default(600),
  /** Place look-ups (the location picker) per client, in this process's memory: a token bucket. */
  PLACES_RATE_LIMIT_BURST: z.coerce.number().int().positive().default(60),
  PLACES_RATE_LIMIT_PER_S: z.coerce.number().positive().default(10),
  /** A form sent back sooner than this after it was served is a bot's. */
  FORM_MIN_FILL_MS: z.coerce.number().int().nonnegative().default(2500),
  OUTBOX_MAX_ATTEMPTS: z.coerce.number().int().positive().default(8),
  OUTBOX_RETRY_BASE_MS: z.coerce.number().int().positive().default(5_000),
  OUTBOX_POLL_MS: z.coerce.number().int().positive().default(2_000),
  /**
   * How long a visit stays unchanged before both sides are emailed its state
   * (a burst of moves is one email); 0 emails at the next outbox pass.
   */
  VISIT_EMAIL_QUIET_S: z.coerce.number().int().min(0).max(3600).default(120),
  /** auto: Google when its credentials are set, else the local demo account. */
  AUTH_MODE: z
    .enum(["auto", "google", "local"], { error: "must be auto, google or local" })
    .default("auto"),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_ISSUER: z.url({ error: "must be a URL" }).default("https://accounts.google.com"),
  /** A session unused this long ends (hours). */
  SESSION_IDLE_HOURS: z.coerce
    .number()
    .int()
    .positive()
    .default(24 * 7),
  /**
   * Comma-separated addresses made operators (/admin) when they sign in with
   * a verified email. `npm run operator -- grant|revoke|link` does the rest.
   */
  OPERATOR_EMAILS: z.string().optional(),
  /** Local sign-in: a demo account unused this long is deleted (hours). */
  DEMO_ACCOUNT_IDLE_HOURS: z.coerce.number().int().positive().default(24),
  /** Local sign-in: demo accounts one client address may create per hour. */
  DEMO_ACCOUNTS_PER_HOUR: z.coerce.number().int().positive().default(30),
  /** Browser key for Google Places; the offline gazetteer is used when unset. */
  GOOGLE_MAPS_API_KEY: z.string().min(10, "must be a Google Maps API key").optional(),
  /** A claimed job whose worker died is taken over after this long. */
  OUTBOX_LOCK_MS: z.coerce.number().int().positive().default(60_000),
  /**
   * Start-up's background page work: the popular pages rendered ahead and kept
   * fresh (warm-pages.ts) and the prerendered pages' best brotli. Off (0) only
   * where nobody reads those pages: tests that are not about them.
   */
  PAGE_WARMING: booleanFlag.default(true),
});

export type Env = z.infer<typeof envSchema> & {
  SITE_URL: string;
  /** The sign-in in effect: Google (OpenID Connect) or the local demo account. */
  authMode: "google" | "local";
  /** False when SITE_URL was derived from PORT (the server corrects it once listening). */
  siteUrlConfigured: boolean;
};

export class EnvError extends Error {
  override name = "EnvError";
}

/** Parses an environment (process.env by default); throws EnvError naming every bad variable. */
export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  // An empty variable means "not set", as in most deployment tools.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ""));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new EnvError(`Invalid environment configuration:\n${lines.join("\n")}`);
  }
  const env = result.data;
  const problems: string[] = [];
  if (env.SMTP_URL && !env.LEADS_EMAIL_TO) {
    problems.push("  LEADS_EMAIL_TO: must be set when SMTP_URL is (where new leads are sent)");
  }
  if (env.LEAD_WEBHOOK_URL && !env.LEAD_WEBHOOK_SECRET) {
    problems.push(
      "  LEAD_WEBHOOK_SECRET: must be set when LEAD_WEBHOOK_URL is (it signs each delivery)",
    );
  }
  const googleConfigured = Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET);
  if (env.AUTH_MODE === "google" && !googleConfigured) {
    problems.push(
      "  AUTH_MODE: is google, but GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are not both set",
    );
  }
  if (problems.length > 0) {
    throw new EnvError(`Invalid environment configuration:\n${problems.join("\n")}`);
  }
  return {
    ...env,
    authMode: env.AUTH_MODE === "local" || !googleConfigured ? "local" : "google",
    siteUrlConfigured: env.SITE_URL !== undefined,
    SITE_URL: (env.SITE_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ""),
  };
}

let current: Env | undefined;

/** The validated configuration of this process. */
export function getEnv(): Env {
  current ??= parseEnv();
  return current;
}

/** The server makes its parsed configuration the process's (SITE_URL may be corrected once listening). */
export function setEnv(env: Env): void {
  current = env;
}
