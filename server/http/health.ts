import { sql } from "drizzle-orm";
import type { RequestHandler } from "express";
import type { Database } from "../db/client.ts";

export function healthCheck(db: Database): RequestHandler {
  return async (_req, res) => {
    res.set("Cache-Control", "no-store");
    try {
      await db.execute(sql`SELECT 1`);
      res.json({ status: "ok", database: "ok" });
    } catch {
      res.status(503).json({ status: "error", database: "unreachable" });
    }
  };
}
