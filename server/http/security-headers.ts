/** Headers every response carries. */
import type { ServerResponse } from "node:http";
import type { Env } from "../../app/lib/env.server";

export function applySecurityHeaders(res: ServerResponse, env: Env): void {
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
  res.setHeader("X-Frame-Options", "DENY");
  res.setHeader(
    "Permissions-Policy",
    "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
  );
  if (env.NODE_ENV === "production" && env.SITE_URL.startsWith("https://")) {
    res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  }
}
