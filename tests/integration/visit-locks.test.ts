/**
 * Steps on a request and a visit's notice never deadlock (issue 42), on
 * PostgreSQL (PGlite has one connection: nothing runs at once there). The
 * notice task holds the visit's row and then writes an outbox job, which
 * takes a key-share lock on the request's row; "Remove this pro" holds the
 * request's row and then waits for the visit. With the request locked FOR
 * UPDATE the two waited for each other until PostgreSQL killed one (the 500
 * a removal answered under load); locked FOR NO KEY UPDATE, the job is
 * written, the notice commits, and the removal goes on.
 */
import postgres from "postgres";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import "~/features/visits/visit-closing.server";
import { removePro } from "~/features/marketplace/homeowner-steps.server";
import { proposeVisit } from "~/features/visits/visits.server";
import type { Database } from "~/lib/db.server";
import { visits } from "../../database/schema";
import { DATABASE_TARGETS, type TestDatabase } from "../support/databases";
import { acceptedRequest, delivery } from "../support/marketplace-factories";

const target = DATABASE_TARGETS.find((candidate) => candidate.name === "postgresql");
const MONDAY = new Date("2026-03-02T12:00:00Z");

describe.runIf(target)("a step on a request while a visit's notice is being written", () => {
  let database: TestDatabase;
  let db: Database;
  let other: postgres.Sql;

  beforeAll(async () => {
    if (!target) return;
    database = await target.create();
    db = database.handle.db;
    other = postgres(database.url ?? "", { max: 1, onnotice: () => {} });
  });
  afterAll(async () => {
    await other.end();
    await database.dispose();
  });

  it("waits for the notice instead of deadlocking with it", async () => {
    const { homeowner, pro, business, leadId } = await acceptedRequest(db);
    const visitId = await proposeVisit(
      db,
      pro.userId,
      { leadId, contractorId: business.id, starts: [new Date("2026-03-04T16:00:00Z")] },
      { ...delivery, now: () => MONDAY },
    );
    let removal: Promise<void> | undefined;
    await other.begin(async (notice) => {
      // The notice locks the visit, as visit-notices.server.ts does…
      await notice`select id from visits where id = ${visitId} for update`;
      // …the homeowner removes the pro meanwhile: it locks the request, then waits for the visit…
      removal = removePro(db, homeowner, leadId, business.id, {
        ...delivery,
        now: () => MONDAY,
      });
      await expect
        .poll(async () => {
          const [row] = await notice<{ waiting: number }[]>`
            select count(*)::int as waiting from pg_stat_activity
            where wait_event_type = 'Lock' and datname = current_database()`;
          return row?.waiting ?? 0;
        })
        .toBe(1);
      // …and the notice writes its email job, which refers to the request.
      await notice`insert into outbox_jobs (lead_id, kind, status, payload)
        values (${leadId}, 'visit_email', 'held', '{}'::jsonb)`;
    });
    await removal;
    const [row] = await db.select().from(visits).where(eq(visits.id, visitId));
    expect(row).toMatchObject({ cause: "pro_removed", startsAt: null });
  });
});
