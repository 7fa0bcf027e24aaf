import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createOrder, createProduct, createUser } from "../../tests/support/factories.ts";
import { CART_CHANGE_TAX } from "../../tests/support/orders.ts";
import { smtpInbox } from "../../tests/support/smtp-inbox.ts";
import { setUpTestDatabase } from "../../tests/support/test-database.ts";
import { applyCartChange, applyWishlistToggle } from "../cart/apply-change.ts";
import { cartReminders, shoppers } from "../db/schema.ts";
import { readPreferencesToken, setWantsEmails } from "../email/email-preferences.ts";
import type { Mailer } from "../email/mailer.ts";
import { sendCartReminders } from "./cart-reminders.ts";
import { suppressEmail } from "./suppression.ts";

const database = setUpTestDatabase();
const inbox = smtpInbox();
const SECRET = "a-test-secret-of-at-least-32-characters!";
const SHOP = "http://shop.test";
const HOUR = 3600_000;

const services = (mailer: Mailer = inbox.mailer()) => ({
  db: database.db,
  mailer,
  publicUrl: SHOP,
  shopName: "Test Market",
  secret: SECRET,
});
/** The reminders a run at `hours` after now sends. */
const runAt = (hours: number, mailer?: Mailer) =>
  sendCartReminders(services(mailer), new Date(Date.now() + hours * HOUR));

const add = (userId: string, productId: number) =>
  applyCartChange(database.db, {
    visitor: { userId, guestId: null },
    change: { intent: "add", productId, tier: "personal" },
    ...CART_CHANGE_TAX,
  });

let planner: Awaited<ReturnType<typeof createProduct>>;
let tracker: Awaited<ReturnType<typeof createProduct>>;

beforeAll(async () => {
  planner = await createProduct(database.db, { title: "Calm Planner", priceCents: 1900 });
  tracker = await createProduct(database.db, { title: "Habit Tracker", priceCents: 900 });
});

describe("the abandoned-cart reminder", () => {
  it("goes once a day after the cart's last change, not before; again only a day after a later change", async () => {
    const bea = await createUser(database.db, { id: "bea", name: "Bea", email: "bea@example.com" });
    await add(bea.id, planner.id);
    await add(bea.id, tracker.id);
    await add(bea.id, tracker.id); // two seats
    // A wishlist toggle is not a change of the cart.
    const [before] = await database.db.select().from(shoppers).where(eq(shoppers.userId, bea.id));
    await applyWishlistToggle(database.db, { userId: bea.id, guestId: null }, planner.id);
    const [after] = await database.db.select().from(shoppers).where(eq(shoppers.userId, bea.id));
    expect(after!.cartChangedAt).toEqual(before!.cartChangedAt);

    expect(await runAt(23)).toEqual({ sent: 0 });
    const [first, second] = await Promise.all([runAt(24.5), runAt(24.5)]);
    expect(first!.sent + second!.sent).toBe(1);
    expect(await runAt(30)).toEqual({ sent: 0 });
    expect(inbox.to("bea@example.com")).toHaveLength(1);

    const [email] = inbox.to("bea@example.com");
    expect(email!.subject).toBe("You left something in your cart");
    expect(email!.body).toContain(`- Calm Planner — $19.00: ${SHOP}/product/${planner.id}`);
    expect(email!.body).toContain(`- Habit Tracker (2 seats) — $18.00: ${SHOP}/product/${tracker.id}`);
    expect(email!.body).toContain(`${SHOP}/`);
    expect(email!.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    const unsubscribe = /^<([^>]+)>$/.exec(email!.headers["list-unsubscribe"]!)![1]!;
    expect(readPreferencesToken(SECRET, new URL(unsubscribe).searchParams.get("token"))).toEqual({
      email: "bea@example.com",
      topic: "cart_reminders",
    });

    // A later change: another reminder, a day after it (not a day after the first).
    await applyCartChange(database.db, {
      visitor: { userId: bea.id, guestId: null },
      change: { intent: "remove", productId: tracker.id },
      ...CART_CHANGE_TAX,
    });
    expect(await runAt(23)).toEqual({ sent: 0 });
    expect(await runAt(24.5)).toEqual({ sent: 1 });
    expect(await runAt(48)).toEqual({ sent: 0 });
    const latest = inbox.to("bea@example.com");
    expect(latest).toHaveLength(2);
    expect(latest[1]!.body).toContain("Calm Planner");
    expect(latest[1]!.body).not.toContain("Habit Tracker");
    // An emptied cart has nothing to remind of.
    await applyCartChange(database.db, {
      visitor: { userId: bea.id, guestId: null },
      change: { intent: "clear" },
      ...CART_CHANGE_TAX,
    });
    expect(await runAt(30)).toEqual({ sent: 0 });
  });

  it("leaves out products the buyer owns, and a cart of only those is not reminded of", async () => {
    const cy = await createUser(database.db, { id: "cy", email: "cy@example.com" });
    await createOrder(database.db, { productIds: [planner.id], userId: cy.id });
    await add(cy.id, planner.id);
    expect(await runAt(25)).toEqual({ sent: 0 });
    await add(cy.id, tracker.id);
    expect(await runAt(25)).toEqual({ sent: 1 });
    const [email] = inbox.to("cy@example.com");
    expect(email!.body).toContain("Habit Tracker");
    expect(email!.body).not.toContain("Calm Planner");
  });

  it("is not sent to an address that turned cart reminders off or is suppressed, nor for a guest's cart", async () => {
    const dee = await createUser(database.db, { id: "dee", email: "dee@example.com" });
    const eve = await createUser(database.db, { id: "eve", email: "eve@example.com" });
    await add(dee.id, planner.id);
    await add(eve.id, planner.id);
    const guest = await applyCartChange(database.db, {
      visitor: { userId: null, guestId: null },
      change: { intent: "add", productId: planner.id, tier: "personal" },
      ...CART_CHANGE_TAX,
    });
    expect(guest.newGuestId).toBeTruthy();
    await setWantsEmails(database.db, "Dee@example.com", "cart_reminders", false);
    await suppressEmail(database.db, { email: eve.email, reason: "bounce", detail: "550 No such user" });
    expect(await runAt(25)).toEqual({ sent: 0 });
    expect(inbox.to("dee@example.com")).toHaveLength(0);
    expect(inbox.to("eve@example.com")).toHaveLength(0);
    expect(await database.db.select().from(cartReminders).where(eq(cartReminders.userId, "dee"))).toEqual([]);
    // Turned back on, Dee's reminder goes.
    await setWantsEmails(database.db, "dee@example.com", "cart_reminders", true);
    expect(await runAt(25)).toEqual({ sent: 1 });
    expect(inbox.to("dee@example.com")).toHaveLength(1);
  });

  it("is not sent for a cart left for more than a week", async () => {
    const fay = await createUser(database.db, { id: "fay", email: "fay@example.com" });
    await add(fay.id, planner.id);
    expect(await runAt(8 * 24)).toEqual({ sent: 0 });
  });
});
