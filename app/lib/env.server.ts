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
});

export type Env = z.infer<typeof envSchema> & { SITE_URL: string };

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
  return {
    ...env,
    SITE_URL: (env.SITE_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ""),
  };
}

let current: Env | undefined;

/** The validated configuration of this process. */
export function getEnv(): Env {
  current ??= parseEnv();
  return current;
}
