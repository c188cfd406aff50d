import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CLAIM_CODE_TTL_MS,
  CLAIM_MAX_TRIES,
  CLAIM_MESSAGES,
} from "~/features/contractors/claim-messages.server";
import {
  claimPage,
  confirmClaim,
  sendClaimCode,
  startClaim,
} from "~/features/contractors/claims.server";
import { createOutboxWorker } from "~/lib/mail/outbox.server";
import { createTransports } from "~/lib/mail/transports.server";
import { NotFound, type Delivery } from "~/features/marketplace/requests.server";
import { businessClaims, contractors, outboxJobs } from "../../database/schema";
import {
  businessBySlug,
  claimCodeSentTo,
  claimEmailTo,
  codeInText,
} from "../support/claim-factories";
import { DATABASE_TARGETS, type TestDatabase } from "../support/databases";
import { memoryLogger, testServices } from "../support/factories";
import { createBusiness, createPerson, delivery, refused } from "../support/marketplace-factories";
import { startSmtpServer } from "../support/receivers";

const MINUTE = 60_000;
const later = (from: Date, ms: number) => new Date(from.getTime() + ms);

/** A wrong code for this one: the same digits, the last one changed. */
const wrongFor = (code: string) => `${code.slice(0, 5)}${((Number(code[5]) + 1) % 10).toString()}`;

describe.each(DATABASE_TARGETS)("claiming a listed business on $name", (target) => {
  let database: TestDatabase;
  const db = () => database.handle.db;
  beforeAll(async () => {
    database = await target.create();
  });
  afterAll(async () => {
    await database.dispose();
  });

  /** An unowned listing (sample data, as the seeded ones are) and a person who says it is theirs. */
  async function scene() {
    const listing = await createBusiness(db(), null);
    await db().update(contractors).set({ isSample: true }).where(eq(contractors.id, listing.id));
    const [row] = await db().select().from(contractors).where(eq(contractors.id, listing.id));
    if (!row) throw new Error("no listing");
    const person = await createPerson(db(), "Robin Pro");
    return { row, person, slug: row.slug, email: row.email };
  }

  const claimOf = async (contractorId: string, userId: string) => {
    const [claim] = await db()
      .select()
      .from(businessClaims)
      .where(and(eq(businessClaims.contractorId, contractorId), eq(businessClaims.userId, userId)));
    return claim;
  };

  it("queues the code to the listing's email, keeping only its SHA-256, for 15 minutes", async () => {
    const { row, person, slug, email } = await scene();
    const now = new Date();
    const sent = await startClaim(db(), delivery, person.userId, slug, now);
    expect(sent).toMatchObject({ ok: true, sentTo: `o•••@${email.split("@")[1] ?? ""}` });

    const { job, message } = await claimEmailTo(db(), email);
    expect(job).toMatchObject({ leadId: null, kind: "claim_code_email", status: "held" });
    expect(message.subject).toBe(`Your code to manage ${row.name} on TradeMatch`);
    expect(message.text).toContain(`/pros/${slug}/claim`);
    const code = codeInText(message.text);
    expect(code).toMatch(/^\d{6}$/);

    const claim = await claimOf(row.id, person.userId);
    expect(claim?.codeHash).toBe(createHash("sha256").update(code).digest("hex"));
    expect(JSON.stringify(claim)).not.toContain(code);
    expect(claim?.attempts).toBe(0);
    expect(claim?.expiresAt.getTime()).toBe(now.getTime() + CLAIM_CODE_TTL_MS);
  });

  it("the right code makes the person the owner, keeps a sample labelled, and ends the claim", async () => {
    const { row, person, slug, email } = await scene();
    await startClaim(db(), delivery, person.userId, slug);
    const outcome = await confirmClaim(
      db(),
      person.userId,
      slug,
      await claimCodeSentTo(db(), email),
    );
    expect(outcome).toEqual({ ok: true, contractorId: row.id });
    const after = await businessBySlug(db(), slug);
    expect(after?.ownerId).toBe(person.userId);
    expect(after?.isSample).toBe(true);
    expect(await claimOf(row.id, person.userId)).toBeUndefined();
    // Sending the form again (a double click) is still a success.
    expect(await confirmClaim(db(), person.userId, slug, "000000")).toMatchObject({ ok: true });
  });

  it("counts wrong codes down, and refuses the 6th try even with the right code", async () => {
    const { row, person, slug, email } = await scene();
    await startClaim(db(), delivery, person.userId, slug);
    const code = await claimCodeSentTo(db(), email);
    const messages: string[] = [];
    for (let i = 0; i < CLAIM_MAX_TRIES; i++) {
      const outcome = await confirmClaim(db(), person.userId, slug, wrongFor(code));
      if (outcome.ok) throw new Error("a wrong code was taken");
      messages.push(outcome.message);
    }
    expect(messages).toEqual([
      "That code is not right. You have 4 tries left.",
      "That code is not right. You have 3 tries left.",
      "That code is not right. You have 2 tries left.",
      "That code is not right. You have 1 try left.",
      "That code is not right, and that was the last try. Send a new code.",
    ]);
    expect(await confirmClaim(db(), person.userId, slug, code)).toMatchObject({
      ok: false,
      reason: "expired",
      message: "This code has expired. Send a new code.",
    });
    expect((await claimOf(row.id, person.userId))?.attempts).toBe(CLAIM_MAX_TRIES);
    expect((await businessBySlug(db(), slug))?.ownerId).toBeNull();
    expect((await claimPage(db(), person.userId, slug)).pending).toBeNull();
  });

  it("a code expires after 15 minutes", async () => {
    const { person, slug, email } = await scene();
    const sentAt = new Date();
    await startClaim(db(), delivery, person.userId, slug, sentAt);
    const code = await claimCodeSentTo(db(), email);
    expect(
      await confirmClaim(db(), person.userId, slug, code, later(sentAt, CLAIM_CODE_TTL_MS)),
    ).toMatchObject({ ok: false, reason: "expired", message: CLAIM_MESSAGES.expired });
    // Just before, it works.
    expect(
      await confirmClaim(db(), person.userId, slug, code, later(sentAt, CLAIM_CODE_TTL_MS - 1000)),
    ).toMatchObject({ ok: true });
  });

  it("a code typed with spaces counts; one that is not six digits uses no try", async () => {
    const { row, person, slug, email } = await scene();
    await startClaim(db(), delivery, person.userId, slug);
    expect(await confirmClaim(db(), person.userId, slug, "12 34")).toMatchObject({
      ok: false,
      reason: "format",
      message: "Please enter the 6-digit code from the email.",
    });
    expect((await claimOf(row.id, person.userId))?.attempts).toBe(0);
    const code = await claimCodeSentTo(db(), email);
    const spaced = `${code.slice(0, 3)} ${code.slice(3)}`;
    expect(await confirmClaim(db(), person.userId, slug, spaced)).toMatchObject({ ok: true });
  });

  it("sends at most one new code a minute; a new code replaces the old one and its tries", async () => {
    const { row, person, slug, email } = await scene();
    const first = new Date();
    await startClaim(db(), delivery, person.userId, slug, first);
    const oldCode = await claimCodeSentTo(db(), email);
    await confirmClaim(db(), person.userId, slug, wrongFor(oldCode), first);

    const soon = await startClaim(db(), delivery, person.userId, slug, later(first, 20_000));
    expect(soon).toMatchObject({
      ok: false,
      reason: "too_soon",
      retryAfterS: 40,
      message: "We sent a code less than a minute ago. You can ask for a new one in 40 seconds.",
    });
    const jobs = await db()
      .select()
      .from(outboxJobs)
      .where(eq(outboxJobs.kind, "claim_code_email"));
    expect(jobs.filter((job) => (job.payload as { to: string }).to === email)).toHaveLength(1);

    const next = later(first, MINUTE);
    expect(await startClaim(db(), delivery, person.userId, slug, next)).toMatchObject({ ok: true });
    const newCode = await claimCodeSentTo(db(), email);
    expect((await claimOf(row.id, person.userId))?.attempts).toBe(0);
    if (newCode !== oldCode) {
      expect(await confirmClaim(db(), person.userId, slug, oldCode, next)).toMatchObject({
        reason: "wrong",
      });
    }
    expect(await confirmClaim(db(), person.userId, slug, newCode, next)).toMatchObject({
      ok: true,
    });
  });

  it("refuses a claim on a business that has an owner, and sends nothing", async () => {
    const owner = await createPerson(db(), "Ana Owner");
    const owned = await createBusiness(db(), owner);
    const [row] = await db().select().from(contractors).where(eq(contractors.id, owned.id));
    if (!row) throw new Error("no business");
    const other = await createPerson(db(), "Sam Other");
    expect(await startClaim(db(), delivery, other.userId, row.slug)).toEqual({
      ok: false,
      reason: "owned",
      message:
        "This business is already managed by its owner. If you think that's wrong, contact us.",
    });
    expect(await startClaim(db(), delivery, owner.userId, row.slug)).toMatchObject({
      ok: false,
      reason: "yours",
    });
    await expect(claimEmailTo(db(), row.email)).rejects.toThrow("no claim email");
    expect(await claimPage(db(), other.userId, row.slug)).toMatchObject({ owner: "other" });
  });

  it("a second claim of a business claimed meanwhile is refused, even with its own right code", async () => {
    const { person, slug, email } = await scene();
    const second = await createPerson(db(), "Second Claimant");
    await startClaim(db(), delivery, person.userId, slug);
    const firstCode = await claimCodeSentTo(db(), email);
    await startClaim(db(), delivery, second.userId, slug);
    const secondCode = await claimCodeSentTo(db(), email);
    expect(await confirmClaim(db(), person.userId, slug, firstCode)).toMatchObject({ ok: true });
    expect(await confirmClaim(db(), second.userId, slug, secondCode)).toMatchObject({
      ok: false,
      reason: "owned",
      message: CLAIM_MESSAGES.owned,
    });
    expect((await businessBySlug(db(), slug))?.ownerId).toBe(person.userId);
  });

  it("two people confirming at once: exactly one becomes the owner", async () => {
    const { row, slug, email } = await scene();
    const people = [
      await createPerson(db(), "First Racer"),
      await createPerson(db(), "Second Racer"),
    ];
    const codes: string[] = [];
    for (const person of people) {
      await startClaim(db(), delivery, person.userId, slug);
      codes.push(await claimCodeSentTo(db(), email));
    }
    const outcomes = await Promise.all(
      people.map((person, i) => confirmClaim(db(), person.userId, slug, codes[i] ?? "")),
    );
    const winners = outcomes.filter((outcome) => outcome.ok);
    expect(winners).toHaveLength(1);
    expect(outcomes.filter((outcome) => !outcome.ok)).toMatchObject([{ reason: "owned" }]);
    const winner = people[outcomes.findIndex((outcome) => outcome.ok)];
    expect((await businessBySlug(db(), slug))?.ownerId).toBe(winner?.userId);
    const left = await db()
      .select()
      .from(businessClaims)
      .where(eq(businessClaims.contractorId, row.id));
    expect(left).toEqual([]);
  });

  it("answers an unknown or malformed slug as not found", async () => {
    const person = await createPerson(db());
    for (const slug of ["no-such-business-denver-co", "../etc", "UPPER-case"]) {
      expect(await refused(startClaim(db(), delivery, person.userId, slug))).toBeInstanceOf(
        NotFound,
      );
      expect(await refused(confirmClaim(db(), person.userId, slug, "123456"))).toBeInstanceOf(
        NotFound,
      );
    }
  });

  it("a suspended business cannot be claimed: its claim page is not found and no code is sent", async () => {
    const { row, person, slug, email } = await scene();
    await db()
      .update(contractors)
      .set({ suspendedAt: new Date(), suspendedReason: "Licence revoked" })
      .where(eq(contractors.id, row.id));
    expect(await refused(claimPage(db(), person.userId, slug))).toBeInstanceOf(NotFound);
    expect(await refused(startClaim(db(), delivery, person.userId, slug))).toBeInstanceOf(NotFound);
    expect(await refused(confirmClaim(db(), person.userId, slug, "123456"))).toBeInstanceOf(
      NotFound,
    );
    const jobs = await db()
      .select()
      .from(outboxJobs)
      .where(eq(outboxJobs.kind, "claim_code_email"));
    expect(jobs.filter((job) => JSON.stringify(job.payload).includes(email))).toEqual([]);
  });

  it("without SMTP the code waits in the outbox and the log shows it; the worker is woken", async () => {
    const { person, slug, email } = await scene();
    const { logger, lines } = memoryLogger();
    let woken = 0;
    const services = testServices(database.handle, {}, { logger, notifyOutbox: () => woken++ });
    expect(await sendClaimCode(services, person.userId, slug)).toMatchObject({ ok: true });
    expect(woken).toBe(1);
    const code = await claimCodeSentTo(db(), email);
    const line = lines.find((entry) => entry.includes("claim_code_email"));
    expect(line).toContain(code);
    expect(line).toContain("email kept in the outbox");
    expect(line).not.toContain(email);
  });

  it("the outbox worker delivers a claim email, which belongs to no request", async () => {
    const { person, slug, email } = await scene();
    const smtp = await startSmtpServer();
    try {
      const pending: Delivery = { ...delivery, emailStatus: "pending" };
      await startClaim(db(), pending, person.userId, slug);
      const { job } = await claimEmailTo(db(), email);
      const worker = createOutboxWorker({
        db: db(),
        logger: memoryLogger().logger,
        transports: createTransports({ smtpUrl: smtp.url, timeoutMs: 2000 }),
        maxAttempts: 2,
        retryBaseMs: 1,
        pollMs: 10_000,
      });
      await worker.runOnce();
      const [after] = await db().select().from(outboxJobs).where(eq(outboxJobs.id, job.id));
      expect(after).toMatchObject({ status: "sent", leadId: null, lastError: null });
      const mail = smtp.mails.find((received) => received.to.includes(email));
      expect(mail?.raw).toContain(await claimCodeSentTo(db(), email));
    } finally {
      await smtp.close();
    }
  });
});
