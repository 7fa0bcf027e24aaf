import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { setUpTestDatabase } from "../../tests/support/test-database.ts";
import { submitContactMessage } from "../contact/submit-contact-message.ts";
import { contactMessages, user } from "../db/schema.ts";
import { listContactMessages, MESSAGES_PER_PAGE, markMessageHandled, messageListQuery } from "./contact-messages.ts";

const database = setUpTestDatabase();
const ADMIN = "admin-messages";
const ids: number[] = [];

beforeAll(async () => {
  await database.db.insert(user).values({ id: ADMIN, name: "Ada Admin", email: "ada-admin@example.com" });
  // 30 messages sent a minute apart, newest last.
  for (let n = 1; n <= 30; n++) {
    const { id } = await submitContactMessage(database.db, {
      name: `Sender ${n}`,
      email: `sender-${n}@example.com`,
      subject: `Question ${n}`,
      message: `This is question number ${n}.`,
    });
    await database.db
      .update(contactMessages)
      .set({ createdAt: new Date(Date.UTC(2026, 0, 1, 9, n)) })
      .where(eq(contactMessages.id, id));
    ids.push(id);
  }
});

const subjects = (list: { messages: { subject: string }[] }) => list.messages.map((message) => message.subject);

describe("the admin's contact messages", () => {
  it("reads the view and page from the address, the first page of open ones by default", () => {
    expect(messageListQuery(new URLSearchParams(""))).toEqual({ view: "open", page: 1 });
    expect(messageListQuery(new URLSearchParams("show=handled&page=3"))).toEqual({ view: "handled", page: 3 });
    for (const page of ["0", "-2", "1.5", "abc", "99999999"]) {
      expect(messageListQuery(new URLSearchParams(`page=${page}`)).page).toBe(1);
    }
  });

  it("lists open messages oldest first, 25 a page", async () => {
    const first = await listContactMessages(database.db, { view: "open", page: 1 });
    expect(MESSAGES_PER_PAGE).toBe(25);
    expect(first.messages).toHaveLength(25);
    expect(first.hasNext).toBe(true);
    expect(subjects(first).slice(0, 3)).toEqual(["Question 1", "Question 2", "Question 3"]);
    expect(first.messages[0]).toMatchObject({ name: "Sender 1", email: "sender-1@example.com", handledAt: null });
    const second = await listContactMessages(database.db, { view: "open", page: 2 });
    expect(subjects(second)).toEqual(["Question 26", "Question 27", "Question 28", "Question 29", "Question 30"]);
    expect(second.hasNext).toBe(false);
    expect(await listContactMessages(database.db, { view: "handled", page: 1 })).toMatchObject({
      messages: [],
      hasNext: false,
    });
  });

  it("marks a message handled once, by whom; it then shows among the handled ones, not the open ones", async () => {
    await markMessageHandled(database.db, ADMIN, ids[0]!);
    await markMessageHandled(database.db, ADMIN, ids[4]!);
    await expect(markMessageHandled(database.db, ADMIN, ids[0]!)).rejects.toThrow(
      "This message has already been handled.",
    );
    const [row] = await database.db.select().from(contactMessages).where(eq(contactMessages.id, ids[0]!));
    expect(row!.handledBy).toBe(ADMIN);
    expect(row!.handledAt).toBeInstanceOf(Date);

    const open = await listContactMessages(database.db, { view: "open", page: 1 });
    expect(subjects(open).slice(0, 4)).toEqual(["Question 2", "Question 3", "Question 4", "Question 6"]);
    const handled = await listContactMessages(database.db, { view: "handled", page: 1 });
    expect(subjects(handled).sort()).toEqual(["Question 1", "Question 5"]);
    expect(handled.messages[0]!.handledByName).toBe("Ada Admin");
    expect((await listContactMessages(database.db, { view: "open", page: 2 })).messages).toHaveLength(3);
  });

  it("is handled once even when two admins press at the same moment", async () => {
    const results = await Promise.allSettled([
      markMessageHandled(database.db, ADMIN, ids[9]!),
      markMessageHandled(database.db, ADMIN, ids[9]!),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual(["fulfilled", "rejected"]);
  });

  it("refuses an unknown message", async () => {
    for (const id of [999_999, 0, -1, Number.NaN, 2 ** 40]) {
      await expect(markMessageHandled(database.db, ADMIN, id)).rejects.toThrow("There is no such message.");
    }
  });
});
