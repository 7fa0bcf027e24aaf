import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";

// What the browser downloads must hold no server code: a route module's component that imports a
// value from server/ pulls that module (and the database schema, the job queue...) into the client
// bundle. Run on the production build that the e2e server serves.

const assets = path.resolve("build/client/assets");
/** Strings that only server-side libraries contain. */
const SERVER_MARKERS = [
  "drizzle:entityKind",
  "pgboss",
  "pg-protocol",
  "better-auth/adapters",
  "nodemailer",
  "@img/sharp",
];

test("the client bundle holds no server code", () => {
  const scripts = fs.readdirSync(assets).filter((file) => file.endsWith(".js"));
  expect(scripts.length).toBeGreaterThan(0);
  const leaks = scripts.flatMap((file) => {
    const text = fs.readFileSync(path.join(assets, file), "utf8");
    return SERVER_MARKERS.filter((marker) => text.includes(marker)).map((marker) => `${file}: ${marker}`);
  });
  expect(leaks).toEqual([]);
});
