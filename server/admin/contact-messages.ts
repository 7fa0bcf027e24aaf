import { and, asc, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { contactMessages, user } from "../db/schema.ts";
import { Refusal } from "../lib/refusal.ts";
import { isRowId, pageNumber } from "./paging.ts";

// The messages sent from /contact, as the admin console reads and closes them: the open ones
// first, oldest first (the partial index on open messages serves them page by page), and those
// already handled, most recently handled first.

export const MESSAGES_PER_PAGE = 25;

const NO_SUCH_MESSAGE = "There is no such message.";

export type MessageView = "open" | "handled";

export interface MessageList {
  view: MessageView;
  page: number;
  hasNext: boolean;
  messages: {
    id: number;
    name: string;
    email: string;
    subject: string;
    message: string;
    createdAt: Date;
    handledAt: Date | null;
    handledByName: string | null;
  }[];
}

/** The view and page an address asks for (`?show=handled&page=2`); anything else is the first page of open ones. */
export function messageListQuery(params: URLSearchParams): { view: MessageView; page: number } {
  return { view: params.get("show") === "handled" ? "handled" : "open", page: pageNumber(params.get("page")) };
}

/** One page of messages: MESSAGES_PER_PAGE of them, and whether there are more. */
export async function listContactMessages(
  db: Database,
  { view, page }: { view: MessageView; page: number },
): Promise<MessageList> {
  const open = view === "open";
  const rows = await db
    .select({
      id: contactMessages.id,
      name: contactMessages.name,
      email: contactMessages.email,
      subject: contactMessages.subject,
      message: contactMessages.message,
      createdAt: contactMessages.createdAt,
      handledAt: contactMessages.handledAt,
      handledByName: user.name,
    })
    .from(contactMessages)
    .leftJoin(user, eq(user.id, contactMessages.handledBy))
    .where(open ? isNull(contactMessages.handledAt) : isNotNull(contactMessages.handledAt))
    .orderBy(
      ...(open
        ? [asc(contactMessages.createdAt), asc(contactMessages.id)]
        : [desc(contactMessages.handledAt), desc(contactMessages.id)]),
    )
    // One more than a page tells whether there is a next one, without counting them all.
    .limit(MESSAGES_PER_PAGE + 1)
    .offset((page - 1) * MESSAGES_PER_PAGE);
  return { view, page, hasNext: rows.length > MESSAGES_PER_PAGE, messages: rows.slice(0, MESSAGES_PER_PAGE) };
}

/** Marks an open message handled by `adminId`, once: a second admin is told it already was. */
export async function markMessageHandled(db: Database, adminId: string, messageId: number): Promise<void> {
  if (!isRowId(messageId)) throw new Refusal(NO_SUCH_MESSAGE, "not-found");
  const [handled] = await db
    .update(contactMessages)
    .set({ handledAt: sql`now()`, handledBy: adminId })
    .where(and(eq(contactMessages.id, messageId), isNull(contactMessages.handledAt)))
    .returning({ id: contactMessages.id });
  if (handled) return;
  const [existing] = await db
    .select({ id: contactMessages.id })
    .from(contactMessages)
    .where(eq(contactMessages.id, messageId));
  if (!existing) throw new Refusal(NO_SUCH_MESSAGE, "not-found");
  throw new Refusal("This message has already been handled.", "conflict");
}
