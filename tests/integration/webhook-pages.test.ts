import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { UNKNOWN_INTENT } from "../../app/lib/form.server.ts";
import { action as pageAction, loader as pageLoader } from "../../app/routes/seller/webhooks.tsx";
import { action as logAction, loader as logLoader } from "../../app/routes/seller/webhooks-log.tsx";
import { type user, webhookDeliveries, webhookEndpoints } from "../../server/db/schema.ts";
import { addWebhookEndpoint } from "../../server/webhooks/endpoints.ts";
import { createSeller, createUser } from "../support/factories.ts";
import { recordingJobs } from "../support/orders.ts";
import { contextAs, routeAnswer } from "../support/route-answer.ts";
import { setUpTestDatabase } from "../support/test-database.ts";

// The Webhooks pages through their loaders and actions, as a browser posts them without
// JavaScript: each re-checks that a seller is asking and acts on that seller's endpoints only; bad
// input is a 4xx with a message and changes nothing.

const database = setUpTestDatabase();
const jobs = recordingJobs();
type Account = typeof user.$inferSelect;
let seller: Awaited<ReturnType<typeof createSeller>>;
let stranger: Awaited<ReturnType<typeof createSeller>>;
let buyer: Account;

beforeAll(async () => {
  seller = await createSeller(database.db);
  stranger = await createSeller(database.db);
  buyer = await createUser(database.db);
});

const contextOf = (account: Account) => contextAs(account, { db: database.db, jobs });

type Call = (args: never) => Promise<unknown>;

const answerOf = (
  handler: Call,
  account: Account,
  url: string,
  body?: Record<string, string | string[]>,
  params: Record<string, string> = {},
) => routeAnswer(handler, { url, context: contextOf(account), params, body });

const endpointsOf = (creatorId: number) =>
  database.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.creatorId, creatorId));

describe("/seller/webhooks", () => {
  it("sends someone who is not a seller away", async () => {
    expect(await answerOf(pageLoader, buyer, "/seller/webhooks")).toMatchObject({ status: 302 });
    const posted = await answerOf(pageAction, buyer, "/seller/webhooks", {
      intent: "add-endpoint",
      url: "https://93.184.216.34/hooks",
      events: "sale",
    });
    expect(posted.status).toBe(302);
    expect(await database.db.select().from(webhookEndpoints)).toEqual([]);
  });

  it("refuses a private URL beside the field, and bad input with a 400, adding nothing", async () => {
    const refused = await answerOf(pageAction, seller.user, "/seller/webhooks", {
      intent: "add-endpoint",
      url: "https://169.254.169.254/latest/meta-data/",
      events: ["sale", "refund"],
    });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.data)).toContain("169.254.169.254 is a private or reserved address");
    const bad: Record<string, string>[] = [
      { intent: "add-endpoint", url: "https://93.184.216.34/hooks" },
      { intent: "add-endpoint", url: "https://93.184.216.34/hooks", events: "everything" },
      { intent: "add-endpoint", url: "not a url", events: "sale" },
      { intent: "launch", endpointId: "1" },
      { intent: "delete", endpointId: "abc" },
    ];
    for (const body of bad) {
      expect((await answerOf(pageAction, seller.user, "/seller/webhooks", body)).status).toBe(400);
    }
    const unknown = await answerOf(pageAction, seller.user, "/seller/webhooks", { intent: "launch" });
    expect(unknown.data).toMatchObject({ ok: false, message: UNKNOWN_INTENT });
    expect(await endpointsOf(seller.creator.id)).toEqual([]);
  });

  it("adds a public endpoint, lists it with its secret, sends a test event; another seller can touch none of it", async () => {
    const added = await answerOf(pageAction, seller.user, "/seller/webhooks", {
      intent: "add-endpoint",
      url: "https://93.184.216.34/hooks",
      events: ["sale", "license.activated"],
    });
    expect(added).toMatchObject({ status: 200, data: { ok: true } });
    const [endpoint] = await endpointsOf(seller.creator.id);
    expect(endpoint).toMatchObject({ url: "https://93.184.216.34/hooks", events: ["sale", "license.activated"] });
    const listed = await answerOf(pageLoader, seller.user, "/seller/webhooks");
    expect(listed.data).toMatchObject({ endpoints: [{ id: endpoint!.id, secret: endpoint!.secret, enabled: true }] });
    expect(await answerOf(pageLoader, stranger.user, "/seller/webhooks")).toMatchObject({ data: { endpoints: [] } });

    for (const intent of ["send-test", "rotate-secret", "disable", "delete"]) {
      const tried = await answerOf(pageAction, stranger.user, "/seller/webhooks", {
        intent,
        endpointId: String(endpoint!.id),
      });
      expect(tried.status).toBe(404);
    }
    expect(await endpointsOf(seller.creator.id)).toEqual([endpoint]);

    const sent = await answerOf(pageAction, seller.user, "/seller/webhooks", {
      intent: "send-test",
      endpointId: String(endpoint!.id),
    });
    expect(sent).toMatchObject({ status: 200, data: { ok: true } });
    const [delivery] = await database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpoint!.id));
    expect(delivery).toMatchObject({ eventType: "test", status: "pending" });

    // Its log: the seller's only.
    const params = { id: String(endpoint!.id) };
    const log = await answerOf(logLoader, seller.user, `/seller/webhooks/${endpoint!.id}`, undefined, params);
    expect(log.data).toMatchObject({ deliveries: [{ id: delivery!.id, eventType: "test" }] });
    expect(
      (await answerOf(logLoader, stranger.user, `/seller/webhooks/${endpoint!.id}`, undefined, params)).status,
    ).toBe(404);
    expect((await answerOf(logLoader, seller.user, "/seller/webhooks/x", undefined, { id: "x" })).status).toBe(404);
    const redeliver = { intent: "redeliver", deliveryId: String(delivery!.id) };
    expect(
      (await answerOf(logAction, stranger.user, `/seller/webhooks/${endpoint!.id}`, redeliver, params)).status,
    ).toBe(404);
    expect(await answerOf(logAction, seller.user, `/seller/webhooks/${endpoint!.id}`, redeliver, params)).toMatchObject(
      {
        status: 200,
        data: { ok: true },
      },
    );
  });

  it("a seller's own endpoints are limited in number, with a message", async () => {
    const busy = await createSeller(database.db);
    for (let n = 0; n < 5; n++) {
      await addWebhookEndpoint(database.db, {
        creatorId: busy.creator.id,
        endpoint: { url: `https://93.184.216.34/h${n}`, events: ["sale"] },
      });
    }
    const refused = await answerOf(pageAction, busy.user, "/seller/webhooks", {
      intent: "add-endpoint",
      url: "https://93.184.216.34/h6",
      events: "sale",
    });
    expect(refused.status).toBe(409);
    expect(JSON.stringify(refused.data)).toContain("You can have 5 endpoints");
  });
});
