// The "messages" part of `npm run bench:marketplace` (issue 22): conversations
// under load, with 1,000 live streams (GET /threads/:id/events) open.
//
// - Threads are seeded with SQL between the signed-in pro's business and a
//   signed-in homeowner, and each thread is read live by both of them: two
//   streams a thread (BENCH_STREAMS in all, 1,000 by default).
// - Post → arrival: at a modest rate (BENCH_MESSAGE_RATE a second, 20 by
//   default) messages are posted as the thread page's form does, each to
//   another thread, alternately by the homeowner and the pro; for each, the
//   time from sending the post to the event (which names the message's id)
//   arriving on each of the thread's streams. Every event must arrive.
// - Messages per second: the form posted by autocannon, as fast as it goes,
//   with the streams still open (every post is also fanned out to them).
//
// A person may send 20 messages in 10 minutes (MESSAGE_RATE in
// app/features/conversations/limits.ts, with no setting to change it), so
// the bench database gets a trigger that keeps the count of message keys at
// 1: every post still pays for its rate-limit write, none is refused.
import http from "node:http";
import { performance } from "node:perf_hooks";
import autocannon from "autocannon";
import { percentile, round } from "./harness.mjs";

const MESSAGE_TEXT = "Could you come by on Thursday morning to look at the flashing?";

/** The form the thread page posts (app/routes/dashboard/thread.tsx, intent "message"). */
const messageForm = () => new URLSearchParams({ intent: "message", body: MESSAGE_TEXT }).toString();

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * `threadCount` threads of the pro's business's accepted requests, those
 * requests made the homeowner's (signed in), and the message limit lifted
 * in this (throw-away) database. Returns the threads' ids.
 */
export async function seedThreads(sql, { businessId, homeownerId, leadIds, threadCount }) {
  if (leadIds.length < threadCount) {
    throw new Error(`${threadCount} threads need as many accepted requests (${leadIds.length})`);
  }
  const chosen = leadIds.slice(0, threadCount);
  await sql`update leads set user_id = ${homeownerId}::uuid where id = any(${chosen}::uuid[])`;
  const rows = await sql`
    insert into threads (lead_id, contractor_id)
    select lead_id, ${businessId}::uuid from unnest(${chosen}::uuid[]) as lead_id
    returning id`;
  await sql`
    create function bench_no_message_limit() returns trigger language plpgsql as $$
    begin
      if new.key like 'message:%' then new.count := 1; end if;
      return new;
    end $$`;
  await sql`
    create trigger bench_no_message_limit before insert or update on rate_limits
    for each row execute function bench_no_message_limit()`;
  await sql`analyze threads`;
  return rows.map((row) => row.id);
}

/**
 * One reader's event stream. Every event's message id is recorded with the
 * time it arrived (performance.now()) in `arrivals` (message id → times).
 */
function openStream(url, threadId, cookie, arrivals) {
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${url}/threads/${threadId}/events`,
      { agent: false, headers: { cookie, accept: "text/event-stream" } },
      (response) => {
        if (response.statusCode !== 200) {
          response.resume();
          reject(new Error(`stream for ${threadId}: ${response.statusCode}`));
          return;
        }
        response.setEncoding("utf8");
        let buffer = "";
        let opened = false;
        const stream = { threadId, request, closed: false, events: 0 };
        response.on("data", (chunk) => {
          const at = performance.now();
          buffer += chunk;
          let end;
          while ((end = buffer.indexOf("\n\n")) !== -1) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            if (!opened && block.startsWith("retry:")) {
              opened = true;
              resolve(stream);
            }
            const id = /^id: (\d+)$/m.exec(block);
            if (!id) continue;
            stream.events++;
            const messageId = Number(id[1]);
            let times = arrivals.get(messageId);
            if (!times) arrivals.set(messageId, (times = []));
            times.push({ at, threadId });
          }
        });
        response.on("error", () => {});
        response.on("close", () => {
          stream.closed = true;
        });
      },
    );
    request.on("error", (error) => {
      if (!request.destroyed || error.code !== "ECONNRESET") reject(error);
    });
  });
}

/** Opens every (thread, cookie) stream, `concurrency` at a time. */
export async function openStreams(url, pairs, arrivals, concurrency = 50) {
  const streams = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < pairs.length) {
        const { threadId, cookie } = pairs[next++];
        streams.push(await openStream(url, threadId, cookie, arrivals));
      }
    }),
  );
  return { streams, openedInMs: performance.now() - started };
}

export function closeStreams(streams) {
  for (const stream of streams) stream.request.destroy();
}

/** One form post; resolves with its status, the new message's id and when it was sent. */
function postMessage(url, agent, threadId, cookie) {
  const body = messageForm();
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${url}/dashboard/messages/${threadId}`,
      {
        method: "POST",
        agent,
        headers: {
          cookie,
          origin: url,
          "content-type": "application/x-www-form-urlencoded",
          "content-length": Buffer.byteLength(body),
        },
      },
      (response) => {
        response.resume();
        response.on("end", () => {
          const id = /#message-(\d+)$/.exec(response.headers.location ?? "");
          resolve({
            status: response.statusCode,
            messageId: id ? Number(id[1]) : null,
            sentAt,
            answeredAt: performance.now(),
          });
        });
      },
    );
    request.on("error", reject);
    const sentAt = performance.now();
    request.end(body);
  });
}

/**
 * Post → arrival: `rate` posts a second for `seconds`, an open loop (a post
 * does not wait for the one before), each to the next thread in turn,
 * alternately by its homeowner and its pro.
 */
export async function postToArrival(
  url,
  { threadIds, cookies, streamsPerThread, arrivals },
  rate,
  seconds,
) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });
  const total = Math.round(rate * seconds);
  const gapMs = 1000 / rate;
  const posts = [];
  const started = performance.now();
  for (let n = 0; n < total; n++) {
    const due = started + n * gapMs;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    const threadId = threadIds[n % threadIds.length];
    posts.push(
      postMessage(url, agent, threadId, cookies[n % cookies.length]).then((post) => ({
        ...post,
        threadId,
      })),
    );
  }
  const done = await Promise.all(posts);
  const saved = done.filter(
    (post) => (post.status === 302 || post.status === 303) && post.messageId,
  );
  const expected = saved.length * streamsPerThread;
  const received = () =>
    saved.reduce(
      (sum, post) =>
        sum +
        (arrivals.get(post.messageId) ?? []).filter((a) => a.threadId === post.threadId).length,
      0,
    );
  // Stragglers: up to 5 s more for the last events.
  for (let waited = 0; received() < expected && waited < 5000; waited += 50) await sleep(50);
  const delays = saved
    .flatMap((post) =>
      (arrivals.get(post.messageId) ?? [])
        .filter((a) => a.threadId === post.threadId)
        .map((a) => a.at - post.sentAt),
    )
    .toSorted((a, b) => a - b);
  const answers = saved.map((post) => post.answeredAt - post.sentAt).toSorted((a, b) => a - b);
  agent.destroy();
  const p99 = percentile(delays, 0.99);
  return {
    posts: done.length,
    saved: saved.length,
    refused: done.length - saved.length,
    expected,
    arrived: delays.length,
    "post p50 ms": round(percentile(answers, 0.5)),
    "post p99 ms": round(percentile(answers, 0.99)),
    "arrival p50 ms": round(percentile(delays, 0.5)),
    "arrival p99 ms": round(p99),
    "arrival max ms": round(delays.at(-1) ?? null),
    "p99 ≤ 250 ms": p99 !== null && p99 <= 250 && delays.length === expected ? "yes" : "NO",
  };
}

/**
 * Messages per second: the form posted by autocannon for `seconds` on
 * `connections` connections, over the threads in turn, alternately by the
 * homeowner and the pro. Then waits for every stored message's events to
 * reach the open streams.
 */
export async function messagesPerSecond(
  sql,
  url,
  { threadIds, cookies, streamsPerThread, streams },
  connections,
  seconds,
) {
  const [{ before }] = await sql`select count(*)::int as before from messages`;
  const eventsBefore = streams.reduce((sum, stream) => sum + stream.events, 0);
  let next = 0;
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    requests: [
      {
        method: "POST",
        setupRequest(request) {
          const n = next++;
          request.path = `/dashboard/messages/${threadIds[n % threadIds.length]}`;
          request.headers = {
            ...request.headers,
            cookie: cookies[n % cookies.length],
            origin: url,
            "content-type": "application/x-www-form-urlencoded",
          };
          request.body = messageForm();
          return request;
        },
      },
    ],
  });
  const sent =
    (result.statusCodeStats?.["302"]?.count ?? 0) + (result.statusCodeStats?.["303"]?.count ?? 0);
  // Posts still in flight when autocannon stopped may have been stored too: the table counts.
  await sleep(500);
  const [{ after }] = await sql`select count(*)::int as after from messages`;
  const expected = (after - before) * streamsPerThread;
  const events = () => streams.reduce((sum, stream) => sum + stream.events, 0) - eventsBefore;
  for (let waited = 0; events() < expected && waited < 10_000; waited += 100) await sleep(100);
  return {
    "messages/s": Math.round(sent / result.duration),
    "p50 ms": result.latency.p50,
    "p99 ms": result.latency.p99,
    sent,
    refused: result.non2xx - sent,
    errors: result.errors + result.timeouts,
    "events expected": expected,
    "events arrived": events(),
  };
}
