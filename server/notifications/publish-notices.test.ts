import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createProduct, createProductImage, createSeller, createUser } from "../../tests/support/factories.ts";
import { recordingJobs } from "../../tests/support/orders.ts";
import { smtpInbox } from "../../tests/support/smtp-inbox.ts";
import { setUpTestDatabase } from "../../tests/support/test-database.ts";
import { toggleFollow } from "../catalogue/follows.ts";
import { creatorFollows, emailSuppressions, productFiles, products, publishNotices } from "../db/schema.ts";
import { readPreferencesToken, setWantsEmails } from "../email/email-preferences.ts";
import type { Mailer } from "../email/mailer.ts";
import { QUEUES } from "../jobs/queue.ts";
import { setPublished } from "../sellers/seller-products.ts";
import { notifyFollowers } from "./publish-notices.ts";
import { suppressEmail } from "./suppression.ts";

const database = setUpTestDatabase();
const inbox = smtpInbox();
const SECRET = "a-test-secret-of-at-least-32-characters!";
const SHOP = "http://shop.test";

const services = (mailer: Mailer) => ({
  db: database.db,
  mailer,
  publicUrl: SHOP,
  shopName: "Test Market",
  secret: SECRET,
});

let seller: Awaited<ReturnType<typeof createSeller>>;

/** An account following the seller's creator, with the emails chosen or not. */
async function follower(name: string, notify = true) {
  const account = await createUser(database.db, { id: `fan-${name}`, email: `${name}@example.com` });
  await toggleFollow(database.db, account.id, seller.creator.id);
  if (!notify) {
    await database.db
      .update(creatorFollows)
      .set({ notifyNewProducts: false })
      .where(and(eq(creatorFollows.userId, account.id), eq(creatorFollows.creatorId, seller.creator.id)));
  }
  return account;
}

/** A draft of the seller's, ready to publish (an image and a file). */
async function draft(title: string) {
  const product = await createProduct(database.db, {
    creatorId: seller.creator.id,
    title,
    status: "draft",
    priceCents: 1900,
  });
  await createProductImage(database.db, product.id);
  await database.db.insert(productFiles).values({
    productId: product.id,
    storageKey: `products/${product.id}/file.pdf`,
    fileName: "file.pdf",
    contentType: "application/pdf",
    sizeBytes: 10,
  });
  return product;
}

beforeAll(async () => {
  seller = await createSeller(database.db, { creator: { name: "Calm Studio", slug: "calm-studio" } });
});

describe("publishing a product", () => {
  it("queues the followers' emails in the publishing transaction, on the first publish only", async () => {
    const jobs = recordingJobs();
    const product = await draft("First Planner");
    await setPublished(database.db, { creatorId: seller.creator.id, productId: product.id, published: true, jobs });
    const announced = () => jobs.sent.filter((job) => job.name === QUEUES.notifyFollowers);
    expect(announced()).toEqual([{ name: QUEUES.notifyFollowers, data: { productId: product.id } }]);
    // Unpublished and published again, or back from moderation: not announced again.
    await setPublished(database.db, { creatorId: seller.creator.id, productId: product.id, published: false, jobs });
    await setPublished(database.db, { creatorId: seller.creator.id, productId: product.id, published: true, jobs });
    await database.db
      .update(products)
      .set({ status: "hidden", hiddenBy: "moderation" })
      .where(eq(products.id, product.id));
    await database.db.update(products).set({ status: "published", hiddenBy: null }).where(eq(products.id, product.id));
    expect(announced()).toHaveLength(1);
    // A publish that is refused queues nothing.
    const bare = await createProduct(database.db, { creatorId: seller.creator.id, status: "draft" });
    await expect(
      setPublished(database.db, { creatorId: seller.creator.id, productId: bare.id, published: true, jobs }),
    ).rejects.toThrow();
    expect(announced()).toHaveLength(1);
  });
});

describe("the followers' emails", () => {
  it("go once to each follower who chose them, across two runs on two servers and a retry; never to the others", async () => {
    const ada = await follower("ada");
    await follower("noemail", false);
    const opted = await follower("optedout");
    await setWantsEmails(database.db, opted.email, "new_products", false);
    const bounced = await follower("suppressed");
    await suppressEmail(database.db, { email: bounced.email, reason: "complaint", detail: "marked as spam" });
    await createUser(database.db, { id: "fan-stranger", email: "stranger@example.com" });
    // The creator's own account, following itself, is not told of its own product.
    await toggleFollow(database.db, seller.user.id, seller.creator.id);
    const product = await draft("Habit Tracker");
    await setPublished(database.db, {
      creatorId: seller.creator.id,
      productId: product.id,
      published: true,
      jobs: recordingJobs(),
    });

    const runs = await Promise.all([
      notifyFollowers(services(inbox.mailer()), { productId: product.id }),
      notifyFollowers(services(inbox.mailer()), { productId: product.id }),
    ]);
    expect(runs[0]!.sent + runs[1]!.sent).toBe(1);
    expect(await notifyFollowers(services(inbox.mailer()), { productId: product.id })).toEqual({ sent: 0 });
    const about = inbox.received.filter((email) => email.subject === "New from Calm Studio: Habit Tracker");
    expect(about.map((email) => email.to)).toEqual(["ada@example.com"]);
    const notices = await database.db.select().from(publishNotices).where(eq(publishNotices.productId, product.id));
    expect(notices.map((notice) => notice.userId)).toEqual([ada.id]);

    const [email] = about;
    expect(email!.body).toContain("Calm Studio published a new product: Habit Tracker.");
    expect(email!.body).toContain("Price: $19.00");
    expect(email!.body).toContain(`View it: ${SHOP}/product/${product.id}`);
    expect(email!.body).toContain(`${SHOP}/creator/calm-studio`);
    expect(email!.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    const unsubscribe = /^<(http:\/\/shop\.test\/email-preferences\?token=[^>]+)>$/.exec(
      email!.headers["list-unsubscribe"]!,
    )![1]!;
    expect(email!.body).toContain(unsubscribe);
    expect(readPreferencesToken(SECRET, new URL(unsubscribe).searchParams.get("token"))).toEqual({
      email: "ada@example.com",
      topic: "new_products",
    });
  });

  it("a hard bounce suppresses the address and is not retried; a 4xx is retried and then sent once", async () => {
    await follower("gone");
    await follower("busy");
    inbox.refuse.set("gone@example.com", { code: 550, message: "No such mailbox" });
    inbox.refuse.set("busy@example.com", { code: 451, message: "Mailbox busy, try later" });
    const product = await draft("Budget Sheet");
    await setPublished(database.db, {
      creatorId: seller.creator.id,
      productId: product.id,
      published: true,
      jobs: recordingJobs(),
    });

    // The job fails for the busy mailbox (and is retried), not for the gone one.
    await expect(notifyFollowers(services(inbox.mailer()), { productId: product.id })).rejects.toThrow(
      "1 of 3 new product emails failed",
    );
    const [suppressed] = await database.db
      .select()
      .from(emailSuppressions)
      .where(eq(emailSuppressions.email, "gone@example.com"));
    expect(suppressed).toMatchObject({ reason: "bounce" });
    expect(suppressed!.detail).toContain("No such mailbox");
    const noticed = async () =>
      (await database.db.select().from(publishNotices).where(eq(publishNotices.productId, product.id)))
        .map((notice) => notice.userId)
        .sort();
    expect(await noticed()).toEqual(["fan-ada", "fan-gone"]);

    inbox.refuse.delete("busy@example.com");
    expect(await notifyFollowers(services(inbox.mailer()), { productId: product.id })).toEqual({ sent: 1 });
    expect(await noticed()).toEqual(["fan-ada", "fan-busy", "fan-gone"]);
    const about = inbox.received.filter((email) => email.subject === "New from Calm Studio: Budget Sheet");
    expect(about.map((email) => email.to).sort()).toEqual(["ada@example.com", "busy@example.com"]);
    // The suppressed address gets no more: the next product's emails skip it.
    const next = await draft("Meal Planner");
    await setPublished(database.db, {
      creatorId: seller.creator.id,
      productId: next.id,
      published: true,
      jobs: recordingJobs(),
    });
    await notifyFollowers(services(inbox.mailer()), { productId: next.id });
    const nextEmails = inbox.received.filter((email) => email.subject === "New from Calm Studio: Meal Planner");
    expect(nextEmails.map((email) => email.to).sort()).toEqual(["ada@example.com", "busy@example.com"]);
  });

  it("a product taken off sale before the job ran is not announced", async () => {
    const product = await draft("Withdrawn");
    await setPublished(database.db, {
      creatorId: seller.creator.id,
      productId: product.id,
      published: true,
      jobs: recordingJobs(),
    });
    await setPublished(database.db, {
      creatorId: seller.creator.id,
      productId: product.id,
      published: false,
      jobs: recordingJobs(),
    });
    expect(await notifyFollowers(services(inbox.mailer()), { productId: product.id })).toEqual({ sent: 0 });
    expect(await notifyFollowers(services(inbox.mailer()), { productId: 999_999 })).toEqual({ sent: 0 });
  });
});
