import { beforeAll, describe, expect, it } from "vitest";
import { action as followingAction, loader as followingLoader } from "../../app/routes/account/following.tsx";
import { action as settingsAction, loader as settingsLoader } from "../../app/routes/account/settings.tsx";
import { action as preferencesAction, loader as preferencesLoader } from "../../app/routes/email-preferences.tsx";
import { NOT_FOLLOWING, toggleFollow } from "../../server/catalogue/follows.ts";
import { EMAIL_TOPICS, type EmailTopic, type user } from "../../server/db/schema.ts";
import {
  INVALID_PREFERENCES_LINK,
  preferencesToken,
  setWantsEmails,
  wantsEmails,
} from "../../server/email/email-preferences.ts";
import { suppressEmail } from "../../server/notifications/suppression.ts";
import { EMAIL_TOPIC_CHOICES } from "../../shared/email-topics.ts";
import { createCreator, createUser } from "../support/factories.ts";
import { contextAs, routeAnswer } from "../support/route-answer.ts";
import { setUpTestDatabase } from "../support/test-database.ts";

// The pages of the emails a person may turn off, as browsers and mail providers post them: the
// emails' /email-preferences link (one topic's one-click unsubscribe, every topic's boxes), the
// boxes in account settings, and the Following page's "Email me when <creator> publishes".

const database = setUpTestDatabase();
const SECRET = "a-test-secret-of-at-least-32-characters!";
type Account = typeof user.$inferSelect;
let reader: Account;

beforeAll(async () => {
  reader = await createUser(database.db, { id: "reader", email: "reader@example.com" });
});

const contextOf = (account: Account | null) =>
  contextAs(account, { db: database.db, secret: SECRET, shopMode: "live" });

type Call = (args: never) => Promise<unknown>;

const answerOf = (handler: Call, account: Account | null, url: string, body?: Record<string, string>) =>
  routeAnswer<Record<string, unknown>>(handler, { url, context: contextOf(account), body });

const everyTopic = (on: boolean) => Object.fromEntries(EMAIL_TOPICS.map((topic) => [topic, on]));
const choices = async (email: string) =>
  Object.fromEntries(
    await Promise.all(EMAIL_TOPICS.map(async (topic) => [topic, await wantsEmails(database.db, email, topic)])),
  );

describe("the topic names", () => {
  it("are the schema's, in its order", () => {
    expect(EMAIL_TOPIC_CHOICES.map((choice) => choice.topic)).toEqual([...EMAIL_TOPICS]);
  });
});

describe("/email-preferences", () => {
  const link = (email: string, topic: EmailTopic) =>
    `/email-preferences?token=${preferencesToken(SECRET, email, topic)}`;

  it("shows every topic of the link's address, no account needed", async () => {
    await setWantsEmails(database.db, "guest@example.com", "broadcasts", false);
    expect(await answerOf(preferencesLoader as Call, null, link("guest@example.com", "cart_reminders"))).toMatchObject({
      status: 200,
      data: {
        link: {
          email: "guest@example.com",
          topic: "cart_reminders",
          topics: { product_updates: true, new_products: true, broadcasts: false, cart_reminders: true },
          suppressed: false,
        },
      },
    });
  });

  it("a one-click post (a mail provider's: no page, no cookie) turns off only the link's topic, for each topic", async () => {
    for (const topic of EMAIL_TOPICS) {
      const email = `one-click-${topic}@example.com`;
      const answer = await answerOf(preferencesAction as Call, null, link(email, topic), {
        "List-Unsubscribe": "One-Click",
      });
      expect(answer).toMatchObject({ status: 200, data: { ok: true } });
      expect(await choices(email)).toEqual({ ...everyTopic(true), [topic]: false });
    }
    expect(
      await answerOf(preferencesAction as Call, null, link("one-click-new_products@example.com", "new_products"), {
        "List-Unsubscribe": "One-Click",
      }),
    ).toMatchObject({ data: { message: "one-click-new_products@example.com no longer gets new product emails." } });
  });

  it("saves the boxes of every topic; a box with another value is a 400 that changes nothing", async () => {
    const url = link("boxes@example.com", "new_products");
    const saved = await answerOf(preferencesAction as Call, null, url, {
      intent: "save",
      product_updates: "on",
      cart_reminders: "on",
    });
    expect(saved).toMatchObject({
      status: 200,
      data: { ok: true, message: "The email preferences of boxes@example.com were saved." },
    });
    expect(await choices("boxes@example.com")).toEqual({
      product_updates: true,
      new_products: false,
      broadcasts: false,
      cart_reminders: true,
    });
    const bad = await answerOf(preferencesAction as Call, null, url, { intent: "save", broadcasts: "yes" });
    expect(bad).toMatchObject({ status: 400, data: { ok: false } });
    expect(await wantsEmails(database.db, "boxes@example.com", "broadcasts")).toBe(false);
    // The link's own topic back on with one button.
    await answerOf(preferencesAction as Call, null, url, { intent: "resubscribe" });
    expect(await wantsEmails(database.db, "boxes@example.com", "new_products")).toBe(true);
  });

  it("a forged, altered or missing token is a 400 with a clear message, and changes nothing", async () => {
    const genuine = preferencesToken(SECRET, "victim@example.com", "broadcasts");
    const forgedBody = Buffer.from(JSON.stringify({ email: "victim@example.com", topic: "cart_reminders" })).toString(
      "base64url",
    );
    const forged = [
      `${forgedBody}.${genuine.split(".")[1]}`,
      preferencesToken("another-secret-of-at-least-32-characters", "victim@example.com", "broadcasts"),
      `${genuine}x`,
      "",
    ];
    for (const token of forged) {
      const url = `/email-preferences?token=${encodeURIComponent(token)}`;
      expect(await answerOf(preferencesLoader as Call, null, url)).toMatchObject({
        status: 400,
        data: { link: null, message: INVALID_PREFERENCES_LINK },
      });
      for (const body of [{ "List-Unsubscribe": "One-Click" }, { intent: "save" }] as Record<string, string>[]) {
        expect(await answerOf(preferencesAction as Call, null, url, body)).toMatchObject({
          status: 400,
          data: { ok: false, message: INVALID_PREFERENCES_LINK },
        });
      }
    }
    expect(await choices("victim@example.com")).toEqual(everyTopic(true));
  });

  it("says when the address is suppressed: it gets none of these emails whatever is ticked", async () => {
    await suppressEmail(database.db, { email: "bounced@example.com", reason: "bounce", detail: "550" });
    const page = await answerOf(preferencesLoader as Call, null, link("bounced@example.com", "broadcasts"));
    expect(page).toMatchObject({ data: { link: { suppressed: true, topics: everyTopic(true) } } });
    expect(await choices("bounced@example.com")).toEqual(everyTopic(false));
  });
});

describe("account settings: Email notifications", () => {
  it("shows and saves all four topics of the account's address", async () => {
    const shown = async () =>
      ((await answerOf(settingsLoader as Call, reader, "/account/settings")).data as { emails: { topics: unknown } })
        .emails.topics;
    expect(await shown()).toEqual(everyTopic(true));
    const saved = await answerOf(settingsAction as Call, reader, "/account/settings", {
      intent: "email-topics",
      product_updates: "on",
      broadcasts: "on",
    });
    expect(saved).toMatchObject({ status: 200, data: { ok: true, message: "Your email preferences were saved." } });
    expect(await shown()).toEqual({
      product_updates: true,
      new_products: false,
      broadcasts: true,
      cart_reminders: false,
    });
    expect(await answerOf(settingsAction as Call, null, "/account/settings", { intent: "email-topics" })).toMatchObject(
      {
        status: 302,
      },
    );
  });
});

describe("Following: Email me when <creator> publishes", () => {
  it("lists the choice per creator and changes it, only for a creator the account follows", async () => {
    const studio = await createCreator(database.db, { name: "Quiet Studio", slug: "quiet-studio" });
    const other = await createCreator(database.db, { name: "Loud Studio", slug: "loud-studio" });
    await toggleFollow(database.db, reader.id, studio.id);
    const listed = async () =>
      (
        (await answerOf(followingLoader as Call, reader, "/account/following")).data as {
          creators: { id: number; notifyNewProducts: boolean }[];
        }
      ).creators.map((creator) => [creator.id, creator.notifyNewProducts]);
    expect(await listed()).toEqual([[studio.id, true]]);
    const set = (creatorId: number | string, notify: string, account: Account | null = reader) =>
      answerOf(followingAction as Call, account, "/account/following", {
        intent: "follow-emails",
        creatorId: String(creatorId),
        notify,
      });
    expect(await set(studio.id, "off")).toMatchObject({ status: 200, data: { ok: true, notifyNewProducts: false } });
    expect(await listed()).toEqual([[studio.id, false]]);
    expect(await set(studio.id, "on")).toMatchObject({ status: 200, data: { ok: true, notifyNewProducts: true } });
    expect(await listed()).toEqual([[studio.id, true]]);
    expect(await set(other.id, "off")).toMatchObject({ status: 404, data: { ok: false, message: NOT_FOLLOWING } });
    expect(await set("abc", "off")).toMatchObject({ status: 400 });
    expect(await set(studio.id, "maybe")).toMatchObject({ status: 400 });
    expect(await set(studio.id, "off", null)).toMatchObject({ status: 302 });
    expect(await listed()).toEqual([[studio.id, true]]);
  });
  it("Unfollow stops following the creator, twice the same as once (never following again), only for the account", async () => {
    const studio = await createCreator(database.db, { name: "Still Studio", slug: "still-studio" });
    await toggleFollow(database.db, reader.id, studio.id);
    const followed = async () =>
      (
        (await answerOf(followingLoader as Call, reader, "/account/following")).data as { creators: { id: number }[] }
      ).creators.map((creator) => creator.id);
    expect(await followed()).toContain(studio.id);
    const unfollow = (creatorId: number | string, account: Account | null = reader) =>
      answerOf(followingAction as Call, account, "/account/following", {
        intent: "unfollow",
        creatorId: String(creatorId),
        name: "Still Studio",
      });
    expect(await unfollow(studio.id, null)).toMatchObject({ status: 302 });
    expect(await followed()).toContain(studio.id);
    expect(await unfollow(studio.id)).toMatchObject({
      status: 200,
      data: { ok: true, message: "You no longer follow Still Studio" },
    });
    expect(await followed()).not.toContain(studio.id);
    expect(await unfollow(studio.id)).toMatchObject({ status: 200, data: { ok: true } });
    expect(await followed()).not.toContain(studio.id);
    expect(await unfollow("abc")).toMatchObject({ status: 400 });
  });
});
