import { sql } from "drizzle-orm";
import type { RequestHandler } from "express";
import type { Database } from "../db/client.ts";
import { checkReadiness } from "../ops/readiness.ts";

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

/** Readiness, for a load balancer: 200 when the database answers and has every migration, else 503 saying which. */
export function readinessCheck(db: Database): RequestHandler {
  return async (_req, res) => {
    res.set("Cache-Control", "no-store");
    const { ready, ...state } = await checkReadiness(db);
    res.status(ready ? 200 : 503).json({ status: ready ? "ready" : "not ready", ...state });
  };
}
