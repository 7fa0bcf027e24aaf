import { count } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ZodError } from "zod";
import { contactSchema } from "../../shared/contact-schema.ts";
import { setUpTestDatabase } from "../../tests/support/test-database.ts";
import { contactMessages } from "../db/schema.ts";
import { submitContactMessage } from "./submit-contact-message.ts";

const database = setUpTestDatabase();
const valid = {
  name: "Ada Buyer",
  email: "ada@example.com",
  subject: "Download link",
  message: "My download link does not open.",
};

describe("contact messages", () => {
  it("stores a valid message, trimmed", async () => {
    const { id } = await submitContactMessage(database.db, { ...valid, name: "  Ada Buyer " });
    const rows = await database.db.select().from(contactMessages);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id, name: "Ada Buyer", email: "ada@example.com" });
  });

  it("rejects bad input with a clear message per field and stores nothing", async () => {
    const before = (await database.db.select({ value: count() }).from(contactMessages))[0]!.value;
    const result = contactSchema.safeParse({ name: "", email: "not-an-email", subject: "x", message: "short" });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((issue) => [issue.path[0], issue.message]));
    expect(messages).toEqual({
      name: "Please enter your name.",
      email: "Please enter a valid email address, like name@example.com.",
      subject: "The subject must be at least 3 characters.",
      message: "Your message must be at least 10 characters.",
    });
    await expect(submitContactMessage(database.db, { ...valid, email: "nope" })).rejects.toBeInstanceOf(ZodError);
    const after = (await database.db.select({ value: count() }).from(contactMessages))[0]!.value;
    expect(after).toBe(before);
  });
});
