import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { UNKNOWN_INTENT } from "../../app/lib/form.server.ts";
import { action, loader } from "../../app/routes/seller/broadcasts.tsx";
import { loader as customersLoader } from "../../app/routes/seller/customers.tsx";
import { loader as csvLoader } from "../../app/routes/seller/customers-csv.ts";
import { NO_SUCH_BROADCAST, SEND_AT_PAST } from "../../server/broadcasts/broadcasts.ts";
import { broadcasts, creatorFollows, orders, type user } from "../../server/db/schema.ts";
import type { JobQueue } from "../../server/jobs/queue.ts";
import { SEND_AT_FORMAT } from "../../shared/broadcast-schema.ts";
import { createOrder, createProduct, createSeller, createUser } from "../support/factories.ts";
import { contextAs, routeAnswer } from "../support/route-answer.ts";
import { setUpTestDatabase } from "../support/test-database.ts";

// The broadcasts and customers pages through their loaders and actions, as a browser posts them
// without JavaScript: only a seller gets in, and only to their own broadcasts and customers.

const database = setUpTestDatabase();
type Account = typeof user.$inferSelect;
let seller: Awaited<ReturnType<typeof createSeller>>;
let otherSeller: Awaited<ReturnType<typeof createSeller>>;
let buyer: Account;
const queued: unknown[] = [];
const jobs: JobQueue = { send: async (_name, data) => void queued.push(data) };

beforeAll(async () => {
  seller = await createSeller(database.db, { creator: { name: "Paper Fox" } });
  otherSeller = await createSeller(database.db);
  buyer = await createUser(database.db);
  await database.db.insert(creatorFollows).values({ userId: buyer.id, creatorId: seller.creator.id });
  const product = await createProduct(database.db, { creatorId: seller.creator.id });
  const { order } = await createOrder(database.db, { productIds: [product.id] });
  await database.db
    .update(orders)
    .set({ email: "Quiet@Example.com", customerName: "Quiet Buyer", sellerContactConsent: false })
    .where(eq(orders.id, order.id));
});

/** A request signed in as `account`, with the services the pages use. */
const contextOf = (account: Account) =>
  contextAs(account, {
    db: database.db,
    jobs,
    publicUrl: "http://shop.test",
    shopName: "Test Market",
    secret: "a-test-secret-of-at-least-32-characters!",
  });

type Call = (args: never) => Promise<unknown>;

const answerOf = (handler: Call, account: Account, url: string, body?: Record<string, string>) =>
  routeAnswer(handler, { url, context: contextOf(account), body });

const broadcastForm = (changes: Record<string, string> = {}) => ({
  intent: "send",
  subject: "New planners",
  body: "Hello!\n\nThree new planners are out.",
  audience: "followers",
  when: "now",
  ...changes,
});

const post = (body: Record<string, string>, account: Account = seller.user) =>
  answerOf(action as Call, account, "/seller/broadcasts", body);

describe("the broadcasts page", () => {
  it("sends non-sellers away, and shows a seller their audiences", async () => {
    expect(await answerOf(loader as Call, buyer, "/seller/broadcasts")).toMatchObject({ status: 302, location: "/" });
    expect(await post(broadcastForm(), buyer)).toMatchObject({ status: 302, location: "/" });
    const page = await answerOf(loader as Call, seller.user, "/seller/broadcasts");
    expect(page.data).toMatchObject({ audiences: { followers: 1, customers: 0 }, broadcasts: [] });
  });

  it("previews the email as it will be sent, escaped, and makes nothing", async () => {
    const answer = await post(broadcastForm({ intent: "preview", body: "Hi <b>all</b>" }));
    expect(answer.status).toBe(200);
    const { preview } = answer.data as { preview: { subject: string; html: string } };
    expect(preview.subject).toBe("New planners");
    expect(preview.html).toContain("<!doctype html>");
    expect(preview.html).toContain("Hi &lt;b&gt;all&lt;/b&gt;");
    expect(preview.html).toContain("You get this email because you follow Paper Fox at Test Market.");
    expect(await database.db.select().from(broadcasts)).toEqual([]);
  });

  it("refuses bad input beside its field with a 400, and makes nothing", async () => {
    const errorsOf = (answer: { data?: unknown }) =>
      (answer.data as { result: { error: Record<string, string[]> } }).result.error;
    const empty = await post(broadcastForm({ subject: " ", body: "" }));
    expect(empty.status).toBe(400);
    expect(errorsOf(empty)).toMatchObject({ subject: ["Enter a subject."], body: ["Write the message."] });
    const tooLong = await post(broadcastForm({ body: "x".repeat(10_001) }));
    expect(errorsOf(tooLong).body).toEqual(["A message is at most 10,000 characters."]);
    const noTime = await post(broadcastForm({ when: "later", sendAt: "2026-02-31T10:00" }));
    expect(errorsOf(noTime).sendAt).toEqual([SEND_AT_FORMAT]);
    const past = await post(broadcastForm({ when: "later", sendAt: "2020-01-01T10:00" }));
    expect(past.status).toBe(400);
    expect(errorsOf(past).sendAt).toEqual([SEND_AT_PAST]);
    expect(await post({ intent: "burn" })).toMatchObject({ status: 400, data: { message: UNKNOWN_INTENT } });
    expect(await database.db.select().from(broadcasts)).toEqual([]);
  });

  it("sends one now, and schedules one that only its seller can cancel", async () => {
    const sent = await post(broadcastForm());
    expect(sent).toMatchObject({ status: 200, data: { ok: true, message: "“New planners” is being sent." } });
    expect(queued).toHaveLength(1);
    const later = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 16);
    const scheduled = await post(broadcastForm({ subject: "Soon", when: "later", sendAt: later }));
    expect(scheduled).toMatchObject({ status: 200, data: { ok: true } });
    const [row] = await database.db.select().from(broadcasts).where(eq(broadcasts.subject, "Soon"));
    expect(row).toMatchObject({ status: "scheduled", sendAt: new Date(`${later}:00Z`) });

    const theirs = await post({ intent: "cancel", broadcastId: String(row!.id) }, otherSeller.user);
    expect(theirs).toMatchObject({ status: 404, data: { message: NO_SUCH_BROADCAST } });
    expect(await post({ intent: "cancel", broadcastId: "abc" })).toMatchObject({ status: 400 });
    expect((await database.db.select().from(broadcasts).where(eq(broadcasts.id, row!.id)))[0]!.status).toBe(
      "scheduled",
    );
    // Another seller's list does not show it.
    const other = await answerOf(loader as Call, otherSeller.user, "/seller/broadcasts");
    expect((other.data as { broadcasts: unknown[] }).broadcasts).toEqual([]);
    expect(await post({ intent: "cancel", broadcastId: String(row!.id) })).toMatchObject({
      status: 200,
      data: { ok: true, message: "“Soon” was cancelled: it will not be sent." },
    });
  });
});

describe("the customers page and its CSV", () => {
  it("send non-sellers away", async () => {
    expect(await answerOf(customersLoader as Call, buyer, "/seller/customers")).toMatchObject({ status: 302 });
    expect(await answerOf(csvLoader as Call, buyer, "/seller/customers.csv")).toMatchObject({
      status: 302,
      location: "/",
    });
  });

  it("show the seller's own customers, without the address of one who did not agree", async () => {
    const page = await answerOf(customersLoader as Call, seller.user, "/seller/customers?page=x");
    expect(page.data).toMatchObject({
      page: 1,
      total: 1,
      hasNext: false,
      customers: [{ name: "Quiet Buyer", email: null, purchases: 1 }],
    });
    const other = await answerOf(customersLoader as Call, otherSeller.user, "/seller/customers");
    expect(other.data).toMatchObject({ total: 0, customers: [] });
    const csv = (await answerOf(csvLoader as Call, seller.user, "/seller/customers.csv")) as { response: Response };
    expect(csv.response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.response.headers.get("content-disposition")).toMatch(/^attachment; filename="customers-.+\.csv"$/);
    const text = await csv.response.text();
    expect(text).toContain("Quiet Buyer,,1,");
    expect(text.toLowerCase()).not.toContain("quiet@example.com");
  });
});
