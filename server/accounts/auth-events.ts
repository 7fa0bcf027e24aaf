import { desc, eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { authEvents } from "../db/schema.ts";

export type AuthEventType = (typeof authEvents.$inferInsert)["type"];

export interface AuthEvent {
  type: AuthEventType;
  ipAddress: string | null;
  userAgent: string | null;
  createdAt: Date;
}

export async function recordAuthEvent(
  db: Database,
  event: { userId: string; type: AuthEventType; ipAddress?: string | null; userAgent?: string | null },
): Promise<void> {
  await db.insert(authEvents).values(event);
}

/** The latest events of one account, newest first. */
export function listAuthEvents(db: Database, userId: string, limit = 20): Promise<AuthEvent[]> {
  return db
    .select({
      type: authEvents.type,
      ipAddress: authEvents.ipAddress,
      userAgent: authEvents.userAgent,
      createdAt: authEvents.createdAt,
    })
    .from(authEvents)
    .where(eq(authEvents.userId, userId))
    .orderBy(desc(authEvents.createdAt), desc(authEvents.id))
    .limit(limit);
}
