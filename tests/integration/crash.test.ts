import { afterAll, describe, expect, it } from "vitest";
import { quoteFields } from "../support/factories";
import { formKeyFrom, postForm } from "../support/http";
import { startWebhookReceiver } from "../support/receivers";
import { freshDataDir, startServer } from "../support/server";

const WEBHOOK_SECRET = "crash-test-webhook-secret";

describe("a server killed in the middle of a stream of submissions", () => {
  const data = freshDataDir();
  afterAll(() => data.remove());

  it("keeps every lead it confirmed, and delivers them after the restart", async () => {
    const hook = await startWebhookReceiver(WEBHOOK_SECRET);
    const env = {
      DATA_DIR: data.dir,
      FORM_MIN_FILL_MS: "0",
      RATE_LIMIT_MAX: "100000",
      LEAD_WEBHOOK_URL: hook.url,
      LEAD_WEBHOOK_SECRET: WEBHOOK_SECRET,
      OUTBOX_POLL_MS: "200",
      OUTBOX_RETRY_BASE_MS: "100",
      OUTBOX_LOCK_MS: "1500",
    };
    try {
      const first = await startServer(env);
      // A browser's form key, as every form post carries.
      const formKey = await formKeyFrom(first.url);
      const confirmed: string[] = [];
      let sent = 0;
      let stop = false;
      const sender = async (lane: number) => {
        for (let i = 0; !stop; i++) {
          const name = `Crash Lane${lane.toString()} No${i.toString()}`;
          sent += 1;
          try {
            const response = await postForm(`${first.url}/?index`, quoteFields({ name, formKey }));
            if (response.status === 302) confirmed.push(name);
          } catch {
            // The connection died with the server: this one was never confirmed.
          }
        }
      };
      const lanes = [0, 1, 2, 3].map(sender);
      while (confirmed.length < 40) await new Promise((resolve) => setTimeout(resolve, 10));
      await first.kill();
      stop = true;
      await Promise.all(lanes);
      expect(sent).toBeGreaterThan(confirmed.length);

      const second = await startServer(env);
      try {
        const deadline = Date.now() + 30_000;
        const delivered = () => new Set(hook.deliveries.map((d) => d.body.lead.name));
        while (Date.now() < deadline && !confirmed.every((name) => delivered().has(name))) {
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        const missing = confirmed.filter((name) => !delivered().has(name));
        expect(missing).toEqual([]);
      } finally {
        await second.stop();
      }
    } finally {
      await hook.close();
    }
  });
});
