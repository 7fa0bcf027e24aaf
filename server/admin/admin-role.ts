import { eq, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { user } from "../db/schema.ts";

/**
 * Makes the account with this address an admin (or, with `admin: false`, takes the role back).
 * Only the make-admin script calls this: no request can give the role.
 */
export async function setAdminRole(
  db: Database,
  email: string,
  admin: boolean,
): Promise<{ id: string; name: string } | null> {
  const [changed] = await db
    .update(user)
    .set({ role: admin ? "admin" : "user", updatedAt: sql`now()` })
    .where(eq(sql`lower(${user.email})`, email.trim().toLowerCase()))
    .returning({ id: user.id, name: user.name });
  return changed ?? null;
}
