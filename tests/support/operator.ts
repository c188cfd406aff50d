/** Reads the leads a running test server stored, through its operator endpoint. */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { LeadRow } from "~/features/leads/messages.server";

export const E2E_DATA_DIR = path.resolve(import.meta.dirname, "../../test-results/e2e-data");

export async function storedLeads(dataDir = E2E_DATA_DIR, limit = 100): Promise<LeadRow[]> {
  const runtime = JSON.parse(readFileSync(path.join(dataDir, "server.json"), "utf8")) as {
    url: string;
    token: string;
  };
  const response = await fetch(`${runtime.url}/_operator/leads?limit=${limit.toString()}`, {
    headers: { authorization: `Bearer ${runtime.token}` },
  });
  if (!response.ok) throw new Error(`operator endpoint answered ${response.status.toString()}`);
  return (await response.json()) as LeadRow[];
}
