import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createOrder, createProduct, createUser } from "../../tests/support/factories.ts";
import { setUpTestDatabase } from "../../tests/support/test-database.ts";
import { orderItems, orders, productFiles, productFileVersions, productUpdateNotices } from "../db/schema.ts";
import {
  INVALID_PREFERENCES_LINK,
  preferencesToken,
  readPreferencesToken,
  setWantsEmails,
  wantsEmails,
} from "../email/email-preferences.ts";
import type { Mailer, OutgoingEmail } from "../email/mailer.ts";
import { suppressEmail } from "../notifications/suppression.ts";
import { isOrderAccessToken } from "../orders/order-access.ts";
import { sendProductUpdateEmails } from "./update-notices.ts";

const database = setUpTestDatabase();
const SECRET = "a-test-secret-of-at-least-32-characters!";
const SHOP = "http://shop.test";

/**
 * A mailer that keeps what it sends, failing for `failFor`. With `holdFirst`, its first send waits
 * for that promise: the email's row stays uncommitted meanwhile, so a twin run can be seen waiting on it.
 */
function recordingMailer(failFor = new Set<string>(), holdFirst?: () => Promise<void>) {
  const sent: OutgoingEmail[] = [];
  let held = false;
  const mailer: Mailer = {
    async send(email) {
      if (holdFirst && !held) {
        held = true;
        await holdFirst();
      }
      if (failFor.has(email.to)) throw new Error(`mailbox of ${email.to} is full`);
      sent.push(email);
    },
  };
  return { mailer, sent };
}

/** Settles once another session of the test database waits for a row lock (a twin run's insert). */
async function aSessionWaitsForARow() {
  await expect
    .poll(
      async () => {
        const { rows } = await database.pool.query<{ waiting: number }>(
          "SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
        );
        return rows[0]!.waiting;
      },
      { timeout: 10_000 },
    )
    .toBeGreaterThan(0);
}

const services = (mailer: Mailer) => ({
  db: database.db,
  mailer,
  publicUrl: SHOP,
  shopName: "Test Market",
  secret: SECRET,
});

let productId = 0;
let fileId = 0;

/** A paid order (or in `status`) of the product, by `email` (an account's when `userId` is given). */
async function bought(
  email: string,
  options: { userId?: string; status?: "paid" | "refunded" | "pending_payment" } = {},
) {
  const { order, items } = await createOrder(database.db, {
    productIds: [productId],
    userId: options.userId ?? null,
    status: options.status ?? "paid",
  });
  await database.db.update(orders).set({ email }).where(eq(orders.id, order.id));
  return { order, item: items[0]! };
}

/** A product's PDF file, at `version`, as the editor stores it. */
async function pdfFile(productId: number, fileName: string, version: number) {
  const [file] = await database.db
    .insert(productFiles)
    .values({
      productId,
      storageKey: `products/${productId}/${fileName}`,
      fileName,
      contentType: "application/pdf",
      sizeBytes: 100,
      version,
    })
    .returning();
  return file!;
}

beforeAll(async () => {
  const product = await createProduct(database.db, { title: "Calm Weekly Planner" });
  productId = product.id;
  const file = await pdfFile(productId, "planner.pdf", 2);
  fileId = file.id;
  // Version 1 had another name: the buyers downloaded it as weekly-planner.pdf.
  await database.db.insert(productFileVersions).values({
    fileId,
    version: 1,
    storageKey: `products/${productId}/weekly-planner.pdf`,
    fileName: "weekly-planner.pdf",
    contentType: "application/pdf",
    sizeBytes: 90,
    uploadedAt: new Date("2026-11-20T10:00:00Z"),
  });
});

describe("the product update emails", () => {
  it("email each buyer once per version, even from two runs at once and across their orders", async () => {
    const account = await createUser(database.db, { email: "ada@example.com" });
    await bought("Ada@Example.com", { userId: account.id });
    await bought("ada@example.com"); // the same person, once as a guest
    const guest = await bought("gus@example.com");
    await bought("gus@example.com"); // twice as a guest: the link is to the latest order
    const refunded = await bought("rita@example.com");
    await database.db.update(orderItems).set({ status: "refunded" }).where(eq(orderItems.id, refunded.item.id));
    await bought("ron@example.com", { status: "refunded" });
    await bought("una@example.com", { status: "pending_payment" });
    await bought("otto@example.com");
    await setWantsEmails(database.db, "Otto@example.com", "product_updates", false);

    // The first email waits until the twin run waits on its row: the two runs overlap.
    const { mailer, sent } = recordingMailer(new Set(), aSessionWaitsForARow);
    const runs = await Promise.all([
      sendProductUpdateEmails(services(mailer), { fileId, version: 2 }),
      sendProductUpdateEmails(services(mailer), { fileId, version: 2 }),
    ]);
    expect(runs.reduce((sum, run) => sum + run.sent, 0)).toBe(2);
    expect(sent.map((email) => email.to).sort()).toEqual(["ada@example.com", "gus@example.com"]);
    // A retry later sends nothing more.
    expect(await sendProductUpdateEmails(services(mailer), { fileId, version: 2 })).toEqual({ sent: 0 });
    expect(sent).toHaveLength(2);
    const notices = await database.db.select().from(productUpdateNotices);
    expect(notices.map((notice) => [notice.email, notice.version]).sort()).toEqual([
      ["ada@example.com", 2],
      ["gus@example.com", 2],
    ]);

    const ada = sent.find((email) => email.to === "ada@example.com")!;
    expect(ada.subject).toBe("Updated: Calm Weekly Planner");
    // The file as the buyer has it, and its new name: never the new name as if they had bought that.
    expect(ada.text).toContain(
      "uploaded a new version of weekly-planner.pdf, a file of Calm Weekly Planner, which you bought (version 2 of the file). It is now named planner.pdf.",
    );
    expect(ada.text).toContain(`Go to My Downloads: ${SHOP}/account/downloads`);
    const unsubscribe = /http:\/\/shop\.test\/email-preferences\?token=\S+/.exec(ada.text)![0];
    expect(ada.headers).toEqual({
      "List-Unsubscribe": `<${unsubscribe}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    expect(ada.html).toContain("Unsubscribe from product update emails");
    expect(readPreferencesToken(SECRET, new URL(unsubscribe).searchParams.get("token"))).toEqual({
      email: "ada@example.com",
      topic: "product_updates",
    });

    // A guest's link is their latest order's signed link.
    const gus = sent.find((email) => email.to === "gus@example.com")!;
    const orderLink = /View your order: (\S+)/.exec(gus.text)![1]!;
    const url = new URL(orderLink);
    const latest = (await database.db.select().from(orders).where(eq(orders.email, "gus@example.com"))).sort(
      (a, b) => b.id - a.id,
    )[0]!;
    expect(latest.id).not.toBe(guest.order.id);
    expect(url.pathname).toBe(`/orders/${latest.number}`);
    expect(
      isOrderAccessToken({ secret: SECRET, orderNumber: latest.number, token: url.searchParams.get("access") }),
    ).toBe(true);
    expect(gus.text).toContain("This link works for 90 days");
  });

  it("a failed send is retried and sent once; a newer version or a removed file sends nothing", async () => {
    const product = await createProduct(database.db);
    const file = await pdfFile(product.id, "guide.pdf", 3);
    productId = product.id;
    await bought("full@example.com");
    await bought("fine@example.com");
    const first = recordingMailer(new Set(["full@example.com"]));
    await expect(sendProductUpdateEmails(services(first.mailer), { fileId: file.id, version: 3 })).rejects.toThrow(
      "1 of 2 update emails failed",
    );
    expect(first.sent.map((email) => email.to)).toEqual(["fine@example.com"]);
    const retry = recordingMailer();
    expect(await sendProductUpdateEmails(services(retry.mailer), { fileId: file.id, version: 3 })).toEqual({
      sent: 1,
    });
    expect(retry.sent.map((email) => email.to)).toEqual(["full@example.com"]);

    // Version 2's job, run late, says nothing: version 3's email is the one that counts.
    expect(await sendProductUpdateEmails(services(retry.mailer), { fileId: file.id, version: 2 })).toEqual({
      sent: 0,
    });
    expect(await sendProductUpdateEmails(services(retry.mailer), { fileId: 999_999, version: 2 })).toEqual({ sent: 0 });
  });

  it("are not sent to a suppressed address (it bounced or complained, decision 034)", async () => {
    const product = await createProduct(database.db);
    const file = await pdfFile(product.id, "kit.pdf", 2);
    productId = product.id;
    await bought("bounced@example.com");
    await bought("kept@example.com");
    await suppressEmail(database.db, {
      email: "Bounced@example.com",
      reason: "bounce",
      detail: "550 5.1.1 No such user",
    });
    const { mailer, sent } = recordingMailer();
    expect(await sendProductUpdateEmails(services(mailer), { fileId: file.id, version: 2 })).toEqual({ sent: 1 });
    expect(sent.map((email) => email.to)).toEqual(["kept@example.com"]);
  });
});

describe("the product update emails of a buyer who changed their account's address", () => {
  it("go to the account's address now, not the one on the order; a guest's order keeps its own", async () => {
    const product = await createProduct(database.db);
    const file = await pdfFile(product.id, "guide.pdf", 2);
    productId = product.id;
    const account = await createUser(database.db, { email: "now@example.com" });
    await bought("then@example.com", { userId: account.id });
    await bought("guest-then@example.com");
    const { mailer, sent } = recordingMailer();
    expect(await sendProductUpdateEmails(services(mailer), { fileId: file.id, version: 2 })).toEqual({ sent: 2 });
    expect(sent.map((email) => email.to).sort()).toEqual(["guest-then@example.com", "now@example.com"]);
    expect(sent.find((email) => email.to === "now@example.com")!.text).toContain(`${SHOP}/account/downloads`);
  });
});

describe("email preferences", () => {
  it("a token names one address and topic; an altered one or another shop's is refused", () => {
    const token = preferencesToken(SECRET, " Bea@Example.com ", "product_updates");
    expect(readPreferencesToken(SECRET, token)).toEqual({ email: "bea@example.com", topic: "product_updates" });
    const [body, mac] = token.split(".") as [string, string];
    const forged = Buffer.from(JSON.stringify({ email: "eve@example.com", topic: "product_updates" })).toString(
      "base64url",
    );
    for (const bad of [
      `${forged}.${mac}`,
      `${body}.${mac.slice(0, -2)}aa`,
      body,
      `${token}.x`,
      "",
      null,
      "x".repeat(3000),
    ]) {
      expect(() => readPreferencesToken(SECRET, bad)).toThrow(INVALID_PREFERENCES_LINK);
    }
    expect(() => readPreferencesToken("another-secret-of-at-least-32-characters", token)).toThrow(
      INVALID_PREFERENCES_LINK,
    );
  });

  it("turns a topic off and on by address, whatever its letter case, twice the same as once", async () => {
    expect(await wantsEmails(database.db, "cy@example.com", "product_updates")).toBe(true);
    await setWantsEmails(database.db, "Cy@Example.com", "product_updates", false);
    await setWantsEmails(database.db, "cy@example.com", "product_updates", false);
    expect(await wantsEmails(database.db, "CY@example.com", "product_updates")).toBe(false);
    await setWantsEmails(database.db, "cy@example.com", "product_updates", true);
    expect(await wantsEmails(database.db, "cy@example.com", "product_updates")).toBe(true);
  });
});
