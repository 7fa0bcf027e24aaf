import type { Locator, Page } from "@playwright/test";
import {
  e2eDataDir,
  emailedLink,
  ensureSampleShopSeller,
  expect,
  expectNoAxeViolations,
  readOutbox,
  SHOP_ORIGIN,
  screenshotsIn,
  signOut,
  signUpConfirmed,
  test,
  uniqueEmail,
  useNewClientAddress,
  waitForHydration,
} from "./fixtures";
import { queryShop } from "./own-server.ts";

// Each test is its own client address (the `test` of ./fixtures), so the per-address sign-in
// limits never mix tests up. At a phone's width only the demo sign-ins run (through the header's
// menu, a phone's way to the login modal); the rest is the same at any width (@desktop-only), and
// the pages' phone layout is accessibility.spec's.

/** On a phone the account buttons are in the menu: open it first. */
async function openAccountArea(page: Page) {
  await waitForHydration(page);
  const menu = page.getByRole("button", { name: "Open menu" });
  if (!(await menu.isVisible())) return;
  // The menu closes by itself after signing in or out: let it finish before opening it again.
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await menu.click();
  await expect(page.getByRole("dialog", { name: "Test Market" })).toBeVisible();
}

async function openLogin(page: Page) {
  await openAccountArea(page);
  await page.getByRole("button", { name: "Login" }).click();
  return page.getByRole("dialog", { name: "Welcome" });
}

async function expectSignedInAs(page: Page, name: string) {
  await openAccountArea(page);
  await expect(page.getByRole("button", { name, exact: true })).toBeVisible();
  await page.keyboard.press("Escape");
}

async function register(page: Page, name: string, email: string, password: string) {
  const dialog = await openLogin(page);
  await dialog.getByRole("tab", { name: "Register" }).click();
  await dialog.getByLabel("Full Name").fill(name);
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Password", { exact: true }).fill(password);
  await dialog.getByLabel("Confirm Password").fill(password);
  await dialog.getByRole("button", { name: "Create Account" }).click();
  return dialog;
}

async function signIn(page: Page, email: string, password: string) {
  const dialog = await openLogin(page);
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Password").fill(password);
  await dialog.getByRole("button", { name: "Sign In", exact: true }).click();
  return dialog;
}

async function logOut(page: Page, name: string) {
  await openAccountArea(page);
  await page.getByRole("button", { name, exact: true }).click();
  await page.getByRole("menuitem", { name: "Logout" }).click();
  await expect(page.getByText("Logged out")).toBeVisible();
}

/** Fills in the login modal with the buyer demo account (the button does) and signs in. */
async function signInWithBuyerDemo(dialog: Locator) {
  await dialog.getByRole("button", { name: "Use buyer demo" }).click();
  await dialog.getByRole("button", { name: "Sign In", exact: true }).click();
}

/** Registers in the modal: the toast and the modal tell the new user to open the emailed link. */
async function registerAndReadWhatToDo(page: Page, name: string, email: string, password: string) {
  const dialog = await register(page, name, email, password);
  await expect(page.getByText("Account created!")).toBeVisible();
  await expect(page.getByText(`Welcome to Test Market, ${name}! We sent a link to ${email}`)).toBeVisible();
  await expect(dialog.getByRole("status")).toHaveText(
    `Check your inbox: we sent a link to ${email}. Open it to confirm your email address and sign in.`,
  );
  return dialog;
}

test("a new user registers, confirms the address through the emailed link, which signs them in, signs out, signs in, changes the password and signs in with it", {
  tag: "@desktop-only",
}, async ({ page }) => {
  test.slow(); // a whole journey: a dozen page loads and three password hashes
  const email = uniqueEmail("ada");
  await page.goto("/");
  const dialog = await registerAndReadWhatToDo(page, "Ada Lovelace", email, "first-password");
  await expectNoAxeViolations(page);
  // Not signed in yet: the password alone does not open an unconfirmed account.
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await signIn(page, email, "first-password");
  await expect(page.getByText("Login failed")).toBeVisible();
  await expect(page.getByText("Please confirm your email address first: we sent you a new link.")).toBeVisible();

  await page.goto(await emailedLink(email, "verify-email"));
  await expect(page.getByRole("heading", { name: "Your email address is confirmed" })).toBeVisible();
  await expect(page.getByRole("status")).toContainText("You are signed in.");
  await expectSignedInAs(page, "Ada Lovelace");

  await logOut(page, "Ada Lovelace");

  await signIn(page, email, "first-password");
  await expect(page.getByText("Welcome back!")).toBeVisible();
  await expect(page.getByText("Successfully logged in as Ada Lovelace")).toBeVisible();

  await page.goto("/account/settings");
  await page.getByLabel("Current password").fill("first-password");
  await page.getByLabel("New password", { exact: true }).fill("second-password");
  await page.getByLabel("Confirm new password").fill("second-password");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Your password was changed." })).toBeVisible();
  await expect(page.getByText("This device")).toBeVisible();
  const activity = page.getByRole("heading", { name: "Recent account activity" }).locator("xpath=..");
  for (const event of ["Password changed", "Signed in", "Signed out", "Account created"]) {
    await expect(activity.getByText(event, { exact: true }).first()).toBeVisible();
  }
  await expectNoAxeViolations(page);

  await logOut(page, "Ada Lovelace");
  await signIn(page, email, "first-password");
  await expect(page.getByText("Login failed")).toBeVisible();
  await expect(page.getByText("Invalid email or password")).toBeVisible();
  const dialog2 = page.getByRole("dialog", { name: "Welcome" });
  await expect(dialog2.getByLabel("Email")).toHaveValue(email); // nothing typed is lost
  await dialog2.getByLabel("Password").fill("second-password");
  await dialog2.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page.getByText("Successfully logged in as Ada Lovelace")).toBeVisible();
});

test.describe("without JavaScript", { tag: "@desktop-only" }, () => {
  test.use({ javaScriptEnabled: false });

  // The change replaces this device's session: the page after it must be rendered with the new one
  // (it once read the revoked cookie and sent the visitor to sign in, signed out).
  test("changing the password keeps this device signed in", async ({ buyer: { page, email, password } }) => {
    await page.goto("/account/settings");
    await page.getByLabel("Current password").fill(password);
    await page.getByLabel("New password", { exact: true }).fill("second-password");
    await page.getByLabel("Confirm new password").fill("second-password");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page).toHaveURL(/\/account\/settings\?password=changed$/);
    await expect(page.getByRole("status").filter({ hasText: "Your password was changed." })).toBeVisible();
    await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
    await page.reload();
    await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
  });
});

test(
  "the register button says beside the field why it is disabled (a short password, passwords that differ) until they match",
  {
    tag: "@desktop-only",
  },
  async ({ page }, testInfo) => {
    await page.goto("/");
    const dialog = await openLogin(page);
    // The e2e server has GOOGLE_CLIENT_ID: Google's button is offered (a shop without it has none).
    await expect(dialog.getByRole("button", { name: "Continue with Google" })).toBeEnabled();
    await dialog.getByRole("tab", { name: "Register" }).click();
    await dialog.getByLabel("Full Name").fill("Grace Hopper");
    await dialog.getByLabel("Email").fill(uniqueEmail("grace"));
    const password = dialog.getByLabel("Password", { exact: true });
    const confirmation = dialog.getByLabel("Confirm Password");
    const submit = dialog.getByRole("button", { name: "Create Account" });
    await password.fill("short");
    await expect(submit).toBeDisabled();
    await expect(password).toHaveAccessibleDescription("Too short: 5 of at least 8 characters.");
    await password.fill("compiler-2026");
    await confirmation.fill("compiler-2025");
    await expect(submit).toBeDisabled();
    await expect(confirmation).toHaveAccessibleDescription("The passwords do not match.");
    await expect(submit).toHaveAccessibleDescription("The passwords do not match.");
    await expectNoAxeViolations(page);
    await screenshotsIn("/tmp/wt-checkout-shots")(page, testInfo, "register-mismatch", { fullPage: false });
    await confirmation.fill("compiler-2026");
    await expect(submit).toBeEnabled();
    await expect(dialog.getByText("The passwords do not match.")).toHaveCount(0);
  },
);

test("signing up with a used address answers exactly as with a new one; the owner is told by email", {
  tag: "@desktop-only",
}, async ({ page, guest }) => {
  test.slow();
  // The owner, in a browser of their own.
  const { email: owner } = await signUpConfirmed(guest, { name: "Olive Owner", password: "owners-password" });

  const fresh = uniqueEmail("fresh");
  const answer = async (email: string) => {
    const response = await page.request.post("/account/sign-up", {
      form: { name: "Spam Sender", email, password: "typed-password", confirmPassword: "typed-password" },
      headers: { origin: SHOP_ORIGIN },
    });
    return { status: response.status(), body: (await response.text()).replaceAll(email, "EMAIL") };
  };
  const taken = await answer(owner);
  expect(taken).toEqual(await answer(fresh));
  expect(taken.status).toBe(200);

  // The owner hears of it, in the shop's words: nothing the requester typed.
  await expect.poll(() => readOutbox(owner) ?? "").toContain("Someone tried to create a new Test Market account");
  expect(readOutbox(owner)).not.toContain("Spam Sender");
  // The same in the modal: the usual greeting, and the owner's password still works.
  await page.goto("/");
  await registerAndReadWhatToDo(page, "Olive Again", owner, "another-password");
  await page.keyboard.press("Escape");
  await signIn(page, owner, "owners-password");
  await expect(page.getByText("Successfully logged in as Olive Owner")).toBeVisible();
});

test("login sends nothing while the email or password is empty", { tag: "@desktop-only" }, async ({ page }) => {
  await page.goto("/");
  const dialog = await openLogin(page);
  const posted: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/account/sign-in")) posted.push(request.postData() ?? "");
  });
  await dialog.getByLabel("Email").fill("someone@example.com");
  await dialog.getByRole("button", { name: "Sign In", exact: true }).click();
  await dialog.getByLabel("Email").fill("");
  await dialog.getByLabel("Password").fill("a-password");
  await dialog.getByRole("button", { name: "Sign In", exact: true }).click();
  // Then both filled in: the first request the form sends is this one (requests leave in order).
  await dialog.getByLabel("Email").fill("someone@example.com");
  const sent = page.waitForRequest((request) => request.url().includes("/account/sign-in"));
  await dialog.getByRole("button", { name: "Sign In", exact: true }).click();
  await sent;
  expect(posted).toHaveLength(1);
  expect(decodeURIComponent(posted[0]!)).toContain("someone@example.com");
});

for (const demo of [
  { role: "buyer", email: "buyer@demo.example", seller: false },
  { role: "seller", email: "seller@demo.example", seller: true },
]) {
  test(`the ${demo.role} demo account signs in from the modal; Seller Dashboard only for the seller @phone`, async ({
    page,
  }) => {
    // The demo seller runs Little Paper Nook once the sample shop's real seller is made.
    ensureSampleShopSeller();
    await page.goto("/");
    const dialog = await openLogin(page);
    await dialog.getByRole("button", { name: `Use ${demo.role} demo` }).click();
    await expect(dialog.getByLabel("Email")).toHaveValue(demo.email);
    await dialog.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page.getByText(`Successfully logged in as ${demo.role}`)).toBeVisible();
    await openAccountArea(page);
    await page.getByRole("button", { name: demo.role, exact: true }).click();
    await expect(page.getByRole("menuitem", { name: "Profile" })).toBeVisible();
    await expect(page.getByRole("menuitem", { name: "Settings" })).toBeVisible();
    await expect(page.getByRole("menuitem", { name: "Seller Dashboard" })).toHaveCount(demo.seller ? 1 : 0);
    if (demo.seller) {
      await page.getByRole("menuitem", { name: "Seller Dashboard" }).click();
      await expect(page.getByRole("heading", { name: "Seller Dashboard" })).toBeVisible();
      await expect(page.getByText("Your shop: Little Paper Nook")).toBeVisible();
      await expectNoAxeViolations(page);
    } else {
      // A shopper who opens it is told how to become a seller.
      expect((await page.goto("/seller"))?.status()).toBe(403);
      await expect(
        page.getByText("The Seller Dashboard is for sellers, and your account is not a seller's yet."),
      ).toBeVisible();
      await expect(page.getByRole("main").getByRole("link", { name: "Become a Seller" })).toHaveAttribute(
        "href",
        "/become-seller",
      );
    }
  });
}

test("a logout the server fails says 'Logout failed' and keeps the page and the session", {
  tag: "@desktop-only",
}, async ({ page }) => {
  await page.goto("/");
  const dialog = await openLogin(page);
  await signInWithBuyerDemo(dialog);
  await expect(dialog).toBeHidden();
  await page.goto("/product/3");
  const title = (await page.getByRole("heading", { level: 1 }).textContent())!;
  await page.route("**/account/sign-out*", (route) => route.fulfill({ status: 500, body: "" }));
  await openAccountArea(page);
  await page.getByRole("button", { name: "buyer", exact: true }).click();
  await page.getByRole("menuitem", { name: "Logout" }).click();
  await expect(page.getByText("Logout failed")).toBeVisible();
  // A phone's menu stays open, with the account still in it.
  if (await page.getByRole("dialog").isVisible()) await page.keyboard.press("Escape");
  await expect(page.getByRole("heading", { name: "Something went wrong" })).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await page.unroute("**/account/sign-out*");
  await expectSignedInAs(page, "buyer");
  await logOut(page, "buyer");
});

test("a registration, a follow or an order-link request the server fails says so and keeps the page", {
  tag: "@desktop-only",
}, async ({ page }) => {
  // Fetchers post to the route's address with React Router's ".data" ending.
  await page.route(/\/(account\/sign-up|creator\/[^/?.]+|orders\/lookup)(\.data)?(\?.*)?$/, (route) =>
    route.request().method() === "POST" ? route.fulfill({ status: 500, body: "" }) : route.fallback(),
  );
  await page.goto("/creator/design-studio-pro");
  await waitForHydration(page);
  const dialog = await register(page, "Fault Finder", uniqueEmail("fault"), "fault-password-1");
  await expect(page.getByText("Registration failed")).toBeVisible();
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");

  const signInDialog = await openLogin(page);
  await signInWithBuyerDemo(signInDialog);
  await expect(signInDialog).toBeHidden();
  await page.getByRole("button", { name: /Follow Creator|Following/ }).click();
  await expect(page.getByText("Could not follow")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Design Studio Pro");

  await page.goto("/orders/lookup");
  await waitForHydration(page);
  await page.getByLabel("Order number").fill("MP-123456");
  await page.getByLabel("Email address of the order").fill("someone@example.com");
  await page.getByRole("button", { name: "Email me a new link" }).click();
  await expect(page.getByText("The shop could not be reached or had a problem.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Something went wrong" })).toHaveCount(0);
  await logOut(page, "buyer");
});

test("account pages send a visitor home", { tag: "@desktop-only" }, async ({ page }) => {
  for (const path of ["/account/profile", "/account/settings"]) {
    await page.goto(path);
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
    // They were sent to sign in: the login modal is open.
    await expect(page.getByRole("dialog", { name: "Welcome" })).toBeVisible();
    await page.keyboard.press("Escape");
  }
  await page.goto("/seller");
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/(\?signin=required)?$/);
});

test("signing in from the prompt of an account page goes back to that page, and only to a page of the shop", {
  tag: "@desktop-only",
}, async ({ page }) => {
  await page.goto("/account/orders");
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  const dialog = page.getByRole("dialog", { name: "Welcome" });
  await signInWithBuyerDemo(dialog);
  await expect(page).toHaveURL(/\/account\/orders$/);
  await expect(page.getByRole("heading", { level: 1, name: "My Orders" })).toBeVisible();
  await logOut(page, "buyer");

  // A made-up address to go to after signing in is not followed out of the shop.
  for (const next of ["//evil.example/", "https://evil.example/", "/\\evil.example"]) {
    // Each sign-in from an address of its own: better-auth allows only a few per address in 10 s.
    await useNewClientAddress(page.context());
    await page.goto(`/?signin=required&next=${encodeURIComponent(next)}`);
    const prompt = page.getByRole("dialog", { name: "Welcome" });
    await signInWithBuyerDemo(prompt);
    await expect(prompt).toBeHidden();
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
    await logOut(page, "buyer");
  }
});

test("My Orders of an account whose email is not confirmed says that confirming it brings in the guest orders", {
  tag: "@desktop-only",
}, async ({ buyer: { page, email } }) => {
  await page.goto("/account/orders");
  await expect(page.getByText("You have no orders yet.")).toBeVisible();
  await expect(page.getByText(/appear here once you confirm your email address/)).toHaveCount(0);

  // Signed in with an address not confirmed (an account from before sign-in needed a confirmed one).
  await queryShop(e2eDataDir(), `update "user" set email_verified = false where email = $1`, [email]);
  await page.goto("/account/orders");
  await expect(
    page.getByText(`Orders you placed as a guest with ${email} appear here once you confirm your email address.`),
  ).toBeVisible();
  await expect(page.getByText("You have no orders yet.")).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Send a confirmation link" }).click();
  await expect(page.getByText("We sent you a new confirmation link. Check your inbox.")).toBeVisible();
});

test("/auth/callback reports an error from the address, or a missing session, then goes home", {
  tag: "@desktop-only",
}, async ({ page }) => {
  await page.goto("/auth/callback#error=access_denied&error_description=The+user+cancelled");
  await expect(page.getByText("Authentication failed")).toBeVisible();
  await expect(page.getByText("The user cancelled")).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  await page.goto("/auth/callback?error=server_error");
  await expect(page.getByText("Please try again.")).toBeVisible();

  await page.goto("/auth/callback");
  await expect(page.getByText("No access token received")).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

test("a forgotten password is reset through the emailed link, which works once", { tag: "@desktop-only" }, async ({
  page,
}) => {
  test.slow(); // a whole journey through email
  const { email } = await signUpConfirmed(page, { name: "Forgetful Fran" });
  await page.goto("/");
  await logOut(page, "Forgetful Fran");

  const dialog = await openLogin(page);
  await dialog.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
  await expect(dialog).toBeHidden();
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByRole("status")).toContainText("we sent it a link");
  await expectNoAxeViolations(page);

  const link = await emailedLink(email, "reset-password/");
  await page.goto(link);
  await expect(page).toHaveURL(/\/account\/reset-password\?token=/);
  await page.getByLabel("New password", { exact: true }).fill("replacement-password");
  await page.getByLabel("Confirm new password").fill("replacement-password");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByRole("status")).toContainText("Your password was changed.");
  await expect(page.getByRole("link", { name: "Ask for a new link" })).toHaveCount(0);
  await expectNoAxeViolations(page);

  // The success screen's next step: Sign in, in the login modal, with the new password.
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  const login = page.getByRole("dialog");
  await login.getByLabel("Email").fill(email);
  await login.getByLabel("Password").fill("replacement-password");
  await login.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page.getByText("Successfully logged in as Forgetful Fran")).toBeVisible();

  await page.goto(link);
  await expect(page.getByRole("alert")).toContainText("This reset link has expired or was already used.");
});

test("deleting an account needs the password and the word DELETE, then signs out for good", {
  tag: "@desktop-only",
}, async ({ buyer: { page, email, password } }) => {
  test.slow();
  await page.goto("/account/settings");
  const section = page.getByRole("heading", { name: "Delete account" }).locator("xpath=..");
  await section.getByLabel("Password").fill(password);
  await section.getByLabel("Type DELETE to confirm").fill("delete");
  await section.getByRole("button", { name: "Delete my account" }).click();
  await expect(section.getByRole("alert")).toContainText("Type DELETE to confirm.");
  await section.getByLabel("Password").fill("not-my-password");
  await section.getByLabel("Type DELETE to confirm").fill("DELETE");
  await section.getByRole("button", { name: "Delete my account" }).click();
  await expect(section.getByRole("alert")).toContainText(/invalid password/i);
  await section.getByLabel("Password").fill(password);
  await section.getByLabel("Type DELETE to confirm").fill("DELETE");
  await section.getByRole("button", { name: "Delete my account" }).click();
  await expect(page.getByRole("heading", { name: "Your account was deleted" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.goto("/");
  await signIn(page, email, password);
  await expect(page.getByText("Invalid email or password")).toBeVisible();
});

test("a new user confirms the email address, then changes it through a link sent to the new one", {
  tag: "@desktop-only",
}, async ({ page }) => {
  test.slow(); // a whole journey through email
  const email = uniqueEmail("confirm");
  const newEmail = uniqueEmail("moved");
  await page.goto("/");
  await registerAndReadWhatToDo(page, "Mary Somerville", email, "mechanism-of-heavens");

  await page.goto(await emailedLink(email, "verify-email"));
  await expect(page).toHaveURL(/\/account\/email-confirmed$/);
  await expect(page.getByRole("heading", { name: "Your email address is confirmed" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "Go to Settings" }).click();
  const section = page.getByRole("heading", { name: "Email address" }).locator("xpath=../..");
  await expect(section.getByText("Confirmed", { exact: true })).toBeVisible();

  await section.getByLabel("New email address").fill(newEmail);
  await section.getByRole("button", { name: "Change email" }).click();
  await expect(section.getByRole("status")).toHaveText(
    `We sent a confirmation link to ${newEmail}. Your email address changes when you open it.`,
  );
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
  await expectNoAxeViolations(page);

  const link = await emailedLink(newEmail, "verify-email");
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Your email address is confirmed" })).toBeVisible();
  await page.goto("/account/settings");
  await expect(page.getByText(`Signed in as ${newEmail}`)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Recent account activity" }).locator("xpath=..")).toContainText(
    "Email change requested",
  );

  await page.goto(link);
  await expect(page.getByRole("heading", { name: "This link did not work" })).toBeVisible();
  await expect(page.getByRole("alert")).toContainText("This link is not valid or was already used.");
});

test("wrong passwords from eleven addresses do not keep the owner out; one address is stopped after ten", {
  tag: "@desktop-only",
}, async ({ page }) => {
  test.slow(); // 22 sign-in attempts, slowed down once the account has many failures
  const { email } = await signUpConfirmed(page, { name: "Tara Target", password: "the-right-password" });
  await signOut(page);

  // Eleven attackers, each from an address of its own.
  const attempt = (address: string, password: string) =>
    page.request.post("/account/sign-in", {
      form: { email, password },
      headers: { "x-forwarded-for": address, origin: SHOP_ORIGIN },
    });
  const attacks = await Promise.all(
    Array.from({ length: 11 }, (_, index) => attempt(`192.0.2.${100 + index}`, `wrong-guess-${index}`)),
  );
  expect(attacks.map((response) => response.status())).toEqual(Array(11).fill(401));

  // The owner, from their own address, signs in (after the account's slowdown).
  await page.goto("/");
  const dialog = await signIn(page, email, "the-right-password");
  await expect(page.getByText("Successfully logged in as Tara Target")).toBeVisible({ timeout: 15_000 });
  await expect(dialog).toBeHidden();

  // One address that keeps guessing is stopped after ten failures, even with the right password.
  const persistent = "192.0.2.200";
  const guesses = await Promise.all(
    Array.from({ length: 10 }, (_, index) => attempt(persistent, `wrong-again-${index}`)),
  );
  expect(guesses.map((response) => response.status())).toEqual(Array(10).fill(401));
  const refused = await attempt(persistent, "the-right-password");
  expect(refused.status()).toBe(429);
  expect(await refused.text()).toContain("Too many sign-in attempts. Please wait 15 minutes and try again.");
});

test("a profile picture is uploaded, refused when it is not an image, and removed for the initials", {
  tag: "@desktop-only",
}, async ({ page }) => {
  test.slow();
  await signUpConfirmed(page, { name: "Frida Kahlo" });
  await page.goto("/account/profile");
  const pictureForm = page.getByLabel("Profile picture").locator("xpath=ancestor::form");
  // A 2 x 2 PNG, purple.
  const png = Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEklEQVQImWOosXpbY/WWAUIBACweBo0ciMjyAAAAAElFTkSuQmCC",
    "base64",
  );
  await page.getByLabel("Profile picture").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: png });
  await pictureForm.getByRole("button", { name: "Upload picture" }).click();
  await expect(pictureForm.getByRole("status")).toHaveText("Your new picture was saved.");
  const avatar = page.locator('main img[src^="/media/avatars/"]');
  await expect(avatar).toBeVisible();
  // Once it has loaded: the stored picture is 256 px wide.
  await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(256);
  await expectNoAxeViolations(page);

  await page.getByLabel("Profile picture").setInputFiles({
    name: "not-really.png",
    mimeType: "image/png",
    buffer: Buffer.from("this is text, not a picture"),
  });
  await pictureForm.getByRole("button", { name: "Upload picture" }).click();
  await expect(pictureForm.getByRole("alert")).toHaveText("Please choose a JPEG, PNG, WebP or GIF image.");
  await expect(avatar).toBeVisible();

  await pictureForm.getByRole("button", { name: "Remove picture" }).click();
  await expect(page.getByText("Your picture was removed.")).toBeVisible();
  await expect(page.locator('main img[src^="/media/avatars/"]')).toHaveCount(0);
  await expect(page.locator("main").getByText("FK", { exact: true })).toBeVisible();
});
