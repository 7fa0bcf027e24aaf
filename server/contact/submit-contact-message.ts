import { type ContactMessageInput, contactSchema } from "../../shared/contact-schema.ts";
import type { Database } from "../db/client.ts";
import { contactMessages } from "../db/schema.ts";

/** Stores a message sent from /contact. The input is validated again here, whoever calls. */
export async function submitContactMessage(db: Database, input: ContactMessageInput): Promise<{ id: number }> {
  const message = contactSchema.parse(input);
  const [row] = await db.insert(contactMessages).values(message).returning({ id: contactMessages.id });
  return row!;
}
