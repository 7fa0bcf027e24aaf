import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

// Unit and integration tests. Integration tests get a real PostgreSQL: the embedded one
// (started once by the global setup) or the server in DATABASE_URL; each test file works
// on its own database cloned from a migrated template (tests/support/test-database.ts).
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: [
      "server/**/*.test.ts",
      "shared/**/*.test.ts",
      "lint/**/*.test.ts",
      "app/**/*.test.{ts,tsx}",
      "scripts/**/*.test.ts",
      "tests/integration/**/*.test.ts",
    ],
    globalSetup: ["./tests/support/global-setup.ts"],
    setupFiles: ["./tests/support/setup.ts"],
    environment: "node",
    // Vitest's default is one worker fewer than the cores: one on CI's 2-core machine, where most
    // files wait on their database, not the processor. Three there took the suite from 411 s to 223 s.
    maxWorkers: Math.max(3, availableParallelism() + 1),
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
