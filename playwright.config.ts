import fs from "node:fs";
import { defineConfig, devices } from "@playwright/test";

// End-to-end tests run the production build in Debian's Chromium; Playwright never
// downloads a browser of its own.
const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (!fs.existsSync(chromium)) {
  throw new Error(
    `Chromium was not found at ${chromium}. Install it with:\n  sudo apt-get update && sudo apt-get install -y chromium\n` +
      "(or set CHROMIUM_PATH to a Chromium or Chrome binary).",
  );
}

const port = Number(process.env.E2E_PORT ?? 4173);
// The Google stand-in's ports: two runs side by side (separate clones) set their own.
const oidcPort = Number(process.env.E2E_OIDC_PORT ?? 4191);
const desktop = { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } };
const phone = { ...devices["Desktop Chrome"], viewport: { width: 360, height: 740 }, hasTouch: true };

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"], ["json", { outputFile: "test-results/playwright.json" }]],
  // A minute a test (three for test.slow()): on a busy 2-core machine a page takes seconds.
  timeout: 60_000,
  // And 10 s for a page to show what a test expects (hydration alone took several there).
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // The shop refuses writes that do not say they come from its own pages: API requests of the
    // tests say so as a browser would (contexts that set headers of their own add it too).
    extraHTTPHeaders: { origin: `http://127.0.0.1:${port}` },
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: chromium,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [
    {
      name: "desktop",
      testIgnore:
        /server-lifecycle|client-bundle|fuzz|compression|scale-out|database-outage|tax-by-place|sellers|admin/,
      use: desktop,
    },
    {
      name: "phone",
      // At a phone's width: every page's accessibility and layout (accessibility.spec, shell.spec),
      // and the journeys whose screens differ there (tagged @phone: the menu, the cart, dialogs,
      // the product page, the order page, one checkout). A journey the same at any width runs once,
      // on the desktop (decision 045).
      testIgnore:
        /server-lifecycle|client-bundle|fuzz|compression|scale-out|database-outage|tax-by-place|google-sign-in|sellers|admin/,
      grep: [/@phone/, /accessibility\.spec|shell\.spec/],
      grepInvert: /@desktop-only/,
      use: phone,
    },
    // Sellers publish products and admins hide them, which changes the catalogue's counts that the
    // listing tests check: they run once the shoppers' tests are done.
    { name: "platform-desktop", testMatch: /sellers|admin/, dependencies: ["desktop", "phone"], use: desktop },
    {
      name: "platform-phone",
      testMatch: /sellers|admin/,
      grep: /@phone/,
      dependencies: ["desktop", "phone"],
      use: phone,
    },
    // Starts and kills servers of its own (fuzzes one; runs three behind a load balancer; taxes by place).
    {
      name: "server",
      testMatch: /server-lifecycle|client-bundle|fuzz|compression|scale-out|database-outage|tax-by-place/,
    },
  ],
  webServer: [
    {
      // Stands in for Google (tests/e2e/google-sign-in.spec.ts).
      command: "node scripts/e2e-oidc-provider.ts",
      url: `http://127.0.0.1:${oidcPort}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      env: { OIDC_PORT: String(oidcPort), OIDC_CONTROL_PORT: String(oidcPort + 1) },
    },
    {
      // A fresh embedded database for every run, loaded with the sample catalogue at start.
      command: "node scripts/e2e-server.ts",
      // Let the server stop its database; a killed server would leave PostgreSQL running.
      gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
      url: `http://127.0.0.1:${port}/healthz`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        NODE_ENV: "production",
        PORT: String(port),
        HOST: "127.0.0.1",
        DATABASE_URL: "",
        LOG_LEVEL: "warn",
        SHOP_NAME: "Test Market",
        // Sellers' money waits a week (tests/e2e/fixtures.ts E2E_PAYOUT_HOLD_DAYS; the seller journey
        // moves its shop's clock past it).
        PAYOUT_HOLD_DAYS: "7",
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        GOOGLE_CLIENT_ID: "e2e-client",
        GOOGLE_CLIENT_SECRET: "e2e-secret",
        GOOGLE_ISSUER: `http://127.0.0.1:${oidcPort}`,
      },
    },
  ],
});
