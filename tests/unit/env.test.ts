import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "~/lib/env.server";

describe("configuration from the environment", () => {
  it("has working defaults", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      NODE_ENV: "production",
      PORT: 3000,
      DATA_DIR: "data",
      SITE_URL: "http://localhost:3000",
    });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it("treats an empty variable as not set", () => {
    expect(parseEnv({ PORT: "" }).PORT).toBe(3000);
  });

  it("names every bad variable", () => {
    expect(() => parseEnv({ PORT: "eighty", DATABASE_URL: "mysql://x" })).toThrow(EnvError);
    try {
      parseEnv({ PORT: "eighty", DATABASE_URL: "mysql://x" });
    } catch (error) {
      expect((error as Error).message).toMatch(/PORT/);
      expect((error as Error).message).toMatch(/DATABASE_URL: must be a postgres/);
    }
  });

  it("derives the site URL from the port and drops a trailing slash", () => {
    expect(parseEnv({ PORT: "8080" }).SITE_URL).toBe("http://localhost:8080");
    expect(parseEnv({ SITE_URL: "https://trade-match.example/" }).SITE_URL).toBe(
      "https://trade-match.example",
    );
  });

  it("refuses a placeholder or short session secret, so production never runs on a default", () => {
    for (const value of [
      "change-me-change-me-change-me-change-me",
      "secretsecretsecretsecretsecretsecret",
    ]) {
      expect(() => parseEnv({ NODE_ENV: "production", SESSION_SECRET: value })).toThrow(
        /SESSION_SECRET: is a placeholder value/,
      );
    }
    expect(() => parseEnv({ SESSION_SECRET: "too-short" })).toThrow(
      /SESSION_SECRET: must be at least 32 characters/,
    );
    const random = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08";
    expect(parseEnv({ SESSION_SECRET: random }).SESSION_SECRET).toBe(random);
  });
});
