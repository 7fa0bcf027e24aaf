import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { BroadcastInput } from "../../shared/broadcast-schema.ts";
import { createOrder, createProduct, createSeller, createUser } from "../../tests/support/factories.ts";
import { setUpTestDatabase } from "../../tests/support/test-database.ts";
import { broadcastRecipients, broadcasts, creatorFollows, emailSuppressions, orders } from "../db/schema.ts";
import { readPreferencesToken, setWantsEmails } from "../email/email-preferences.ts";
import { createMailer } from "../email/mailer.ts";
import type { JobQueue, QueuedJob } from "../jobs/queue.ts";
import { Refusal } from "../lib/refusal.ts";
import {
  audienceSizes,
  cancelBroadcast,
  createBroadcast,
  NO_RECIPIENTS,
  NO_SUCH_BROADCAST,
  NOT_CANCELLABLE,
  nextBroadcastTime,
  SEND_AT_PAST,
  SEND_AT_TOO_FAR,
  weeklyLimitMessage,
} from "./broadcasts.ts";
import { queueDueBroadcasts, sendBroadcast } from "./send-broadcasts.ts";

const database = setUpTestDatabase();
const SECRET = "a-test-secret-of-at-least-32-characters!";
const SHOP = "http://shop.test";
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

// The in-process SMTP server the mailer sends to; a recipient in `refuse` is refused (a full mailbox).
const received: { to: string[]; raw: string }[] = [];
const refuse = new Set<string>();
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  onRcptTo(address, _session, callback) {
    if (refuse.has(address.address)) callback(new Error("552 mailbox full"));
    else callback();
  },
  onData(stream, session, callback) {
    let raw = "";
    stream.on("data", (chunk) => (raw += chunk));
    stream.on("end", () => {
      received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
      callback();
    });
  },
});
let smtpUrl = "";
beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));
beforeEach(() => {
  received.length = 0;
  refuse.clear();
});

const services = () => ({
  db: database.db,
  mailer: createMailer({
    from: "shop@shop.test",
    smtpUrl,
    outboxDir: "/nonexistent",
    log: () => {},
    shop: { name: "Test Market", url: SHOP },
  }),
  publicUrl: SHOP,
  shopName: "Test Market",
  secret: SECRET,
});

/** A job queue that keeps what is sent to it. */
function recordingJobs() {
  const queued: QueuedJob[] = [];
  const jobs: JobQueue = { send: async (name, data) => void queued.push({ name, data } as QueuedJob) };
  return { jobs, queued };
}

const message = (changes: Partial<BroadcastInput> = {}): BroadcastInput => ({
  subject: "New planners this week",
  body: "Hello friends,\n\nThree new planners are out: https://shop.test/creator/1.\nEnjoy <them>!",
  audience: "followers",
  sendAt: null,
  ...changes,
});

async function follower(creatorId: number, email: string) {
  const account = await createUser(database.db, { email });
  await database.db.insert(creatorFollows).values({ userId: account.id, creatorId });
  return account;
}

const recipientsOf = async (broadcastId: number) =>
  (await database.db.select().from(broadcastRecipients).where(eq(broadcastRecipients.broadcastId, broadcastId)))
    .map((row) => row.email)
    .sort();

const rowOf = async (broadcastId: number) =>
  (await database.db.select().from(broadcasts).where(eq(broadcasts.id, broadcastId)))[0]!;

async function refusalOf(work: Promise<unknown>): Promise<Refusal> {
  try {
    await work;
  } catch (error) {
    if (error instanceof Refusal) return error;
    throw error;
  }
  throw new Error("expected a refusal");
}

describe("sending a broadcast", () => {
  it("emails each follower once across two runs at once and a retry after a failure, skipping opted-out and suppressed", async () => {
    const { creator } = await createSeller(database.db, { creator: { name: "Paper Fox" } });
    for (const name of ["ada", "bea", "cal", "full"]) await follower(creator.id, `${name}@example.com`);
    await follower(creator.id, "Otto@Example.com");
    await setWantsEmails(database.db, "otto@example.com", "broadcasts", false);
    await follower(creator.id, "bounced@example.com");
    await database.db.insert(emailSuppressions).values({ email: "bounced@example.com", reason: "bounce" });
    expect(await audienceSizes(database.db, creator.id)).toEqual({ followers: 4, customers: 0 });

    const { jobs, queued } = recordingJobs();
    const made = await createBroadcast({ db: database.db, jobs }, { creatorId: creator.id, broadcast: message() });
    expect(made.status).toBe("sending");
    expect(queued).toEqual([{ name: "send-broadcast", data: { broadcastId: made.id } }]);

    refuse.add("full@example.com");
    const runs = await Promise.allSettled([sendBroadcast(services(), made.id), sendBroadcast(services(), made.id)]);
    // Both runs failed on the full mailbox; each of the others got it once.
    expect(runs.map((run) => run.status)).toEqual(["rejected", "rejected"]);
    expect(received.map((email) => email.to[0]).sort()).toEqual([
      "ada@example.com",
      "bea@example.com",
      "cal@example.com",
    ]);
    expect((await rowOf(made.id)).status).toBe("sending");

    // The retry sends only what is still unsent, then the broadcast is sent.
    refuse.clear();
    expect(await sendBroadcast(services(), made.id)).toEqual({ sent: 1 });
    expect(received.map((email) => email.to[0]).sort()).toEqual([
      "ada@example.com",
      "bea@example.com",
      "cal@example.com",
      "full@example.com",
    ]);
    expect(await recipientsOf(made.id)).toEqual([
      "ada@example.com",
      "bea@example.com",
      "cal@example.com",
      "full@example.com",
    ]);
    expect(await rowOf(made.id)).toMatchObject({ status: "sent", recipientCount: 4 });
    expect(await sendBroadcast(services(), made.id)).toEqual({ sent: 0 });
    expect(received).toHaveLength(4);

    // As sent: the subject, the escaped text and the unsubscribe headers of the address's own link.
    // Soft line breaks of the body and folded header lines undone.
    const raw = received
      .find((email) => email.to[0] === "ada@example.com")!
      .raw.replace(/=\r?\n/g, "")
      .replace(/\r?\n[ \t]+/g, " ");
    expect(raw).toContain("Subject: New planners this week");
    expect(raw).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    const unsubscribe = /List-Unsubscribe:\s*<(http:\/\/shop\.test\/email-preferences\?token=[^>]+)>/.exec(raw)![1]!;
    expect(readPreferencesToken(SECRET, new URL(unsubscribe).searchParams.get("token"))).toEqual({
      email: "ada@example.com",
      topic: "broadcasts",
    });
    // The seller's words escaped, a single line break kept, the address a link.
    expect(raw).toContain("Enjoy <them>!");
    expect(raw).toContain(
      '<a href=3D"https://shop.test/creator/1" style=3D"color:#6d28d9;text-decoration:underline">https://shop.test/creator/1</a>.<br/>Enjoy &lt;them&gt;!',
    );
    expect(raw).toContain("You get this email because you follow Paper Fox at Test Market.");
    expect(raw).toContain(`A message from Paper Fox (${SHOP}/creator/${creator.slug}):`);
  });

  it("to customers goes to the buyers who agreed to hear from the seller, and no one else", async () => {
    const { creator } = await createSeller(database.db);
    const product = await createProduct(database.db, { creatorId: creator.id });
    for (const [email, consent] of [
      ["yes@example.com", true],
      ["no@example.com", false],
    ] as const) {
      const { order } = await createOrder(database.db, { productIds: [product.id] });
      await database.db.update(orders).set({ email, sellerContactConsent: consent }).where(eq(orders.id, order.id));
    }
    await follower(creator.id, "fan@example.com");
    expect(await audienceSizes(database.db, creator.id)).toEqual({ followers: 1, customers: 1 });
    const made = await createBroadcast(
      { db: database.db, jobs: recordingJobs().jobs },
      { creatorId: creator.id, broadcast: message({ audience: "customers" }) },
    );
    expect(await sendBroadcast(services(), made.id)).toEqual({ sent: 1 });
    expect(received.map((email) => email.to)).toEqual([["yes@example.com"]]);
    expect(received[0]!.raw.replace(/=\r?\n/g, "")).toContain("agreed to hear from its creators");
  });

  it("is refused now to an audience of no one", async () => {
    const { creator } = await createSeller(database.db);
    const refusal = await refusalOf(
      createBroadcast(
        { db: database.db, jobs: recordingJobs().jobs },
        { creatorId: creator.id, broadcast: message({ audience: "customers" }) },
      ),
    );
    expect(refusal).toMatchObject({ status: 400, message: NO_RECIPIENTS.customers });
  });
});

describe("scheduling a broadcast", () => {
  const now = new Date("2026-11-25T10:00:00Z");

  it("needs a time in the future within 90 days", async () => {
    const { creator } = await createSeller(database.db);
    const make = (sendAt: Date) =>
      createBroadcast(
        { db: database.db, jobs: recordingJobs().jobs },
        { creatorId: creator.id, broadcast: message({ sendAt }), now },
      );
    expect(await refusalOf(make(now))).toMatchObject({ status: 400, message: SEND_AT_PAST });
    expect(await refusalOf(make(new Date(now.getTime() - HOUR)))).toMatchObject({ message: SEND_AT_PAST });
    expect(await refusalOf(make(new Date(now.getTime() + 90 * DAY + 60_000)))).toMatchObject({
      status: 400,
      message: SEND_AT_TOO_FAR,
    });
    // No followers is no reason to refuse a later time: they may come.
    const made = await make(new Date(now.getTime() + 90 * DAY));
    expect(made).toMatchObject({ status: "scheduled", sendAt: new Date(now.getTime() + 90 * DAY) });
    expect(await database.db.select().from(broadcasts).where(eq(broadcasts.creatorId, creator.id))).toHaveLength(1);
  });

  it("allows 2 in any 7 days, and says when the next is possible", async () => {
    const { creator } = await createSeller(database.db);
    const make = (sendAt: Date) =>
      createBroadcast(
        { db: database.db, jobs: recordingJobs().jobs },
        { creatorId: creator.id, broadcast: message({ sendAt }), now },
      );
    const first = new Date(now.getTime() + HOUR);
    await make(first);
    await make(new Date(now.getTime() + 2 * DAY));
    const justInside = new Date(first.getTime() + 7 * DAY - 60_000);
    const nextPossible = new Date(first.getTime() + 7 * DAY);
    const refusal = await refusalOf(make(justInside));
    expect(refusal).toMatchObject({ status: 409, message: weeklyLimitMessage(nextPossible) });
    expect(refusal.message).toBe(
      "You can send at most 2 broadcasts in any 7 days. The next one is possible from Dec 2, 2026, 11:00 AM UTC.",
    );
    // Also before the first: three within 7 days.
    expect((await refusalOf(make(new Date(now.getTime() + 30 * 60_000)))).status).toBe(409);
    // Exactly 7 days after the first is another week.
    expect((await make(nextPossible)).status).toBe("scheduled");
    // A cancelled one no longer counts.
    const cancelled = await make(new Date(now.getTime() + 30 * DAY));
    await make(new Date(now.getTime() + 31 * DAY));
    expect((await refusalOf(make(new Date(now.getTime() + 32 * DAY)))).status).toBe(409);
    await cancelBroadcast(database.db, creator.id, cancelled.id);
    expect((await make(new Date(now.getTime() + 32 * DAY))).status).toBe("scheduled");
  });

  it("finds the next possible time past a run of broadcasts", () => {
    const at = new Date("2026-11-25T10:00:00Z");
    const others = [new Date("2026-11-20T10:00:00Z"), new Date("2026-11-24T10:00:00Z")];
    expect(nextBroadcastTime(others, at)).toEqual(new Date("2026-11-27T10:00:00Z"));
    expect(nextBroadcastTime([new Date("2026-11-20T10:00:00Z")], at)).toEqual(at);
  });

  it("is cancelled only by its seller, and only while scheduled", async () => {
    const { creator } = await createSeller(database.db);
    const other = await createSeller(database.db);
    const made = await createBroadcast(
      { db: database.db, jobs: recordingJobs().jobs },
      { creatorId: creator.id, broadcast: message({ sendAt: new Date(Date.now() + DAY) }) },
    );
    expect(await refusalOf(cancelBroadcast(database.db, other.creator.id, made.id))).toMatchObject({
      status: 404,
      message: NO_SUCH_BROADCAST,
    });
    expect((await rowOf(made.id)).status).toBe("scheduled");
    expect((await cancelBroadcast(database.db, creator.id, made.id)).status).toBe("cancelled");
    expect(await refusalOf(cancelBroadcast(database.db, creator.id, made.id))).toMatchObject({
      status: 409,
      message: NOT_CANCELLABLE,
    });
    // A cancelled broadcast is never sent.
    expect(await sendBroadcast(services(), made.id)).toEqual({ sent: 0 });
  });

  it("is taken once when due, by one of two job runs at once", async () => {
    // A time of its own, long before the broadcasts the other tests schedule (those of a fixed day
    // in 2026 are due by now too), so that only this test's are due at it.
    const at = new Date("2025-01-10T10:00:00Z");
    const { creator } = await createSeller(database.db);
    await follower(creator.id, "due@example.com");
    const due = await createBroadcast(
      { db: database.db, jobs: recordingJobs().jobs },
      { creatorId: creator.id, broadcast: message({ sendAt: new Date(at.getTime() + HOUR) }), now: at },
    );
    const later = await createBroadcast(
      { db: database.db, jobs: recordingJobs().jobs },
      { creatorId: creator.id, broadcast: message({ sendAt: new Date(at.getTime() + 3 * DAY) }), now: at },
    );
    const { jobs, queued } = recordingJobs();
    const inTwoHours = new Date(at.getTime() + 2 * HOUR);
    const counts = await Promise.all([
      queueDueBroadcasts(database.db, jobs, inTwoHours),
      queueDueBroadcasts(database.db, jobs, inTwoHours),
    ]);
    expect(counts.sort()).toEqual([0, 1]);
    expect(queued).toEqual([{ name: "send-broadcast", data: { broadcastId: due.id } }]);
    expect((await rowOf(due.id)).status).toBe("sending");
    expect((await rowOf(later.id)).status).toBe("scheduled");
    expect(await queueDueBroadcasts(database.db, jobs, inTwoHours)).toBe(0);
    expect(await sendBroadcast(services(), due.id)).toEqual({ sent: 1 });
    expect(received.map((email) => email.to)).toEqual([["due@example.com"]]);
  });
});
