import type { Page } from "@playwright/test";
import { emailedLink, expect, test, uniqueEmail, useNewClientAddress, waitForHydration } from "./fixtures";

// Google is played by a local OpenID Connect provider (scripts/e2e-oidc-provider.ts); these
// tests tell it who signs in next. They share that provider, so they run one at a time.
test.describe.configure({ mode: "serial" });
test.skip(({ browserName }) => browserName !== "chromium");

async function nextGoogleUser(next: Record<string, unknown>) {
  const response = await fetch(`http://127.0.0.1:${Number(process.env.E2E_OIDC_PORT ?? 4191) + 1}/next`, {
    method: "POST",
    body: JSON.stringify(next),
  });
  expect(response.status).toBe(204);
}

async function continueWithGoogle(page: Page) {
  // A new client address each time: better-auth allows only a few sign-ins per address in 10 s.
  await useNewClientAddress(page.context());
  await page.goto("/");
  await waitForHydration(page);
  const menu = page.getByRole("button", { name: "Open menu" });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole("button", { name: "Login" }).click();
  await page.getByRole("dialog", { name: "Welcome" }).getByRole("button", { name: "Continue with Google" }).click();
}

test("signing in with Google lands on /auth/callback, greets the user and replaces the history entry", async ({
  page,
}) => {
  await nextGoogleUser({ email: uniqueEmail("gina"), name: "Gina Google", email_verified: true });
  await continueWithGoogle(page);
  await expect(page.getByText("Welcome!", { exact: true })).toBeVisible();
  await expect(page.getByText("Successfully signed in with Google.")).toBeVisible();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  const menu = page.getByRole("button", { name: "Open menu" });
  if (await menu.isVisible()) await menu.click();
  await expect(page.getByRole("button", { name: "Gina Google", exact: true })).toBeVisible();
});

test("signing in with Google from an account page's prompt comes back to that page", async ({ page }) => {
  await nextGoogleUser({ email: uniqueEmail("orla"), name: "Orla Orders", email_verified: true });
  await page.goto("/account/orders");
  await waitForHydration(page);
  await page.getByRole("dialog", { name: "Welcome" }).getByRole("button", { name: "Continue with Google" }).click();
  await expect(page.getByText("Successfully signed in with Google.")).toBeVisible();
  await expect(page).toHaveURL(/\/account\/orders$/);
  await expect(page.getByRole("heading", { level: 1, name: "My Orders" })).toBeVisible();
});

test("a refusal at Google ends in 'Authentication failed' and home", async ({ page }) => {
  await nextGoogleUser({ error: "access_denied", error_description: "The user denied access" });
  await continueWithGoogle(page);
  await expect(page.getByText("Authentication failed")).toBeVisible();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  await expect(page.getByRole("button", { name: "Login" }).first()).toBeAttached();
});

test("a Google account is linked to an existing account only once its owner and Google have both verified the email", async ({
  page,
  request,
}) => {
  // A password account whose email nobody has verified is never taken over through Google,
  // even when Google vouches for the address (someone may have registered it first).
  const email = uniqueEmail("unverified");
  const signUp = await request.post("/account/sign-up", {
    form: { name: "Pat Password", email, password: "password-first", confirmPassword: "password-first" },
  });
  expect(signUp.ok()).toBe(true);
  await nextGoogleUser({ email, name: "Pat at Google", email_verified: true });
  await continueWithGoogle(page);
  await expect(page.getByText("Authentication failed")).toBeVisible();

  // Once the owner has confirmed the address, Google must also say it is verified. (The owner
  // opens the link in another browser: it signs them in there.)
  const confirmed = await request.get(await emailedLink(email, "verify-email"));
  expect(await confirmed.text()).toContain("Your email address is confirmed");
  await nextGoogleUser({ email, name: "Pat at Google", email_verified: false });
  await continueWithGoogle(page);
  await expect(page.getByText("Authentication failed")).toBeVisible();
  await expect(page.getByRole("button", { name: "Login" }).first()).toBeAttached();

  await nextGoogleUser({ email, name: "Pat at Google", email_verified: true });
  await continueWithGoogle(page);
  await expect(page.getByText("Successfully signed in with Google.")).toBeVisible();
  // The existing account, under its own name: linked, not a second account.
  await expect(page.getByRole("button", { name: "Pat Password", exact: true })).toBeVisible();
});
