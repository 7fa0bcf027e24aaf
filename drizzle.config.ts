import { defineConfig } from "drizzle-kit";

// Only `npm run db:generate` uses this: it writes SQL migrations from server/db/schema.ts.
// The server applies them itself at start (server/db/migrate.ts).
export default defineConfig({
  dialect: "postgresql",
  schema: "./server/db/schema.ts",
  out: "./server/db/migrations",
});
