import { expect, type Page, test } from "@playwright/test";
import { emailedLink, expectNoAxeViolations, waitForHydration } from "./fixtures";

// Each test is its own client address (the server trusts X-Forwarded-For from a local proxy),
// so the per-address sign-in limits never mix tests up.
let clients = 0;
test.beforeEach(async ({ page }, testInfo) => {
  await page.context().setExtraHTTPHeaders({ "x-forwarded-for": `198.51.${testInfo.workerIndex}.${++clients % 250}` });
});

const uniqueEmail = (tag: string) => `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

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
  await dialog.getByRole("button", { name: "Sign In" }).click();
  return dialog;
}

async function logOut(page: Page, name: string) {
  await openAccountArea(page);
  await page.getByRole("button", { name, exact: true }).click();
  await page.getByRole("menuitem", { name: "Logout" }).click();
  await expect(page.getByText("Logged out")).toBeVisible();
}

test("a new user registers, is greeted, signs out, signs in, changes the password and signs in with it", async ({
  page,
}) => {
  test.slow(); // a whole journey: a dozen page loads and three password hashes
  const email = uniqueEmail("ada");
  await page.goto("/");
  const dialog = await register(page, "Ada Lovelace", email, "first-password");
  await expect(page.getByText("Account created!")).toBeVisible();
  await expect(page.getByText("Welcome to Test Market, Ada Lovelace!")).toBeVisible();
  await expect(dialog).toBeHidden();
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
  await dialog2.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText("Successfully logged in as Ada Lovelace")).toBeVisible();
});

test("the register button stays disabled, with no message, until the passwords match", async ({ page }) => {
  await page.goto("/");
  const dialog = await openLogin(page);
  await dialog.getByRole("tab", { name: "Register" }).click();
  await dialog.getByLabel("Full Name").fill("Grace Hopper");
  await dialog.getByLabel("Email").fill(uniqueEmail("grace"));
  await dialog.getByLabel("Password", { exact: true }).fill("compiler-2026");
  await dialog.getByLabel("Confirm Password").fill("compiler-2025");
  const submit = dialog.getByRole("button", { name: "Create Account" });
  await expect(submit).toBeDisabled();
  await expect(dialog.getByText(/match/i)).toHaveCount(0);
  await dialog.getByLabel("Confirm Password").fill("compiler-2026");
  await expect(submit).toBeEnabled();
  await expectNoAxeViolations(page);
});

test("registration refuses a short password and a used email, keeping what was typed", async ({ page }) => {
  await page.goto("/");
  const dialog = await register(page, "Short Pass", uniqueEmail("short"), "short");
  await expect(page.getByText("Registration failed")).toBeVisible();
  await expect(page.getByText("Your password must be at least 8 characters.")).toBeVisible();
  await expect(dialog.getByLabel("Full Name")).toHaveValue("Short Pass");

  await page.goto("/");
  await register(page, "Buyer Again", "buyer@demo.example", "long-enough-1");
  await expect(page.getByText("Registration failed")).toBeVisible();
  await expect(page.getByText(/already exists/i)).toBeVisible();
});

test("login sends nothing while the email or password is empty", async ({ page }) => {
  await page.goto("/");
  const dialog = await openLogin(page);
  let posted = false;
  page.on("request", (request) => {
    if (request.url().includes("/account/sign-in")) posted = true;
  });
  await dialog.getByLabel("Email").fill("someone@example.com");
  await dialog.getByRole("button", { name: "Sign In" }).click();
  await dialog.getByLabel("Email").fill("");
  await dialog.getByLabel("Password").fill("a-password");
  await dialog.getByRole("button", { name: "Sign In" }).click();
  await page.waitForTimeout(300); // give a wrongly sent request the time to show up
  expect(posted).toBe(false);
});

for (const demo of [
  { role: "buyer", email: "buyer@demo.example", seller: false },
  { role: "seller", email: "seller@demo.example", seller: true },
]) {
  test(`the ${demo.role} demo account signs in from the modal; Seller Dashboard only for the seller`, async ({
    page,
  }) => {
    await page.goto("/");
    const dialog = await openLogin(page);
    await dialog.getByRole("button", { name: `Use ${demo.role} demo` }).click();
    await expect(dialog.getByLabel("Email")).toHaveValue(demo.email);
    await dialog.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByText(`Successfully logged in as ${demo.role}`)).toBeVisible();
    await openAccountArea(page);
    await page.getByRole("button", { name: demo.role, exact: true }).click();
    await expect(page.getByRole("menuitem", { name: "Profile" })).toBeVisible();
    await expect(page.getByRole("menuitem", { name: "Settings" })).toBeVisible();
    await expect(page.getByRole("menuitem", { name: "Seller Dashboard" })).toHaveCount(demo.seller ? 1 : 0);
    if (demo.seller) {
      await page.getByRole("menuitem", { name: "Seller Dashboard" }).click();
      await expect(page.getByRole("heading", { name: "Seller Dashboard" })).toBeVisible();
      await expect(page.getByText("Your shop: Design Studio Pro")).toBeVisible();
      await expectNoAxeViolations(page);
    } else {
      expect((await page.goto("/seller"))?.url()).toMatch(/\/$/);
    }
  });
}

test("account pages send a visitor home", async ({ page }) => {
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

test("/auth/callback reports an error from the address, or a missing session, then goes home", async ({ page }) => {
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

test("a forgotten password is reset through the emailed link, which works once", async ({ page }) => {
  test.slow(); // a whole journey through email
  const email = uniqueEmail("forgot");
  await page.goto("/");
  await register(page, "Forgetful Fran", email, "original-password");
  await expect(page.getByText("Account created!")).toBeVisible();
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

  await page.goto(link);
  await expect(page.getByRole("alert")).toContainText("This reset link has expired or was already used.");

  await page.goto("/");
  await signIn(page, email, "replacement-password");
  await expect(page.getByText("Successfully logged in as Forgetful Fran")).toBeVisible();
});

test("deleting an account needs the password and the word DELETE, then signs out for good", async ({ page }) => {
  test.slow();
  const email = uniqueEmail("leaving");
  await page.goto("/");
  await register(page, "Leaving Lee", email, "leaving-password");
  await expect(page.getByText("Account created!")).toBeVisible();
  await page.goto("/account/settings");
  const section = page.getByRole("heading", { name: "Delete account" }).locator("xpath=..");
  await section.getByLabel("Password").fill("leaving-password");
  await section.getByLabel("Type DELETE to confirm").fill("delete");
  await section.getByRole("button", { name: "Delete my account" }).click();
  await expect(section.getByRole("alert")).toContainText("Type DELETE to confirm.");
  await section.getByLabel("Password").fill("not-my-password");
  await section.getByLabel("Type DELETE to confirm").fill("DELETE");
  await section.getByRole("button", { name: "Delete my account" }).click();
  await expect(section.getByRole("alert")).toContainText(/invalid password/i);
  await section.getByLabel("Password").fill("leaving-password");
  await section.getByLabel("Type DELETE to confirm").fill("DELETE");
  await section.getByRole("button", { name: "Delete my account" }).click();
  await expect(page.getByRole("heading", { name: "Your account was deleted" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.goto("/");
  await signIn(page, email, "leaving-password");
  await expect(page.getByText("Invalid email or password")).toBeVisible();
});

test("a new user confirms the email address, then changes it through a link sent to the new one", async ({ page }) => {
  test.slow(); // a whole journey through email
  const email = uniqueEmail("confirm");
  const newEmail = uniqueEmail("moved");
  await page.goto("/");
  await register(page, "Mary Somerville", email, "mechanism-of-heavens");
  await expect(page.getByText("Account created!")).toBeVisible();
  await page.goto("/account/settings");
  const section = page.getByRole("heading", { name: "Email address" }).locator("xpath=../..");
  await expect(section.getByText("Not confirmed")).toBeVisible();

  await page.goto(await emailedLink(email, "verify-email"));
  await expect(page).toHaveURL(/\/account\/email-confirmed$/);
  await expect(page.getByRole("heading", { name: "Your email address is confirmed" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "Go to Settings" }).click();
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

test("too many wrong passwords for one account stop further attempts with a clear message", async ({ page }) => {
  test.slow(); // eleven sign-in attempts
  const email = uniqueEmail("locked");
  await page.goto("/");
  await register(page, "Locked Out", email, "the-right-password");
  await expect(page.getByText("Account created!")).toBeVisible();
  await logOut(page, "Locked Out");
  const dialog = await openLogin(page);
  await dialog.getByLabel("Email").fill(email);
  for (let attempt = 1; attempt <= 10; attempt++) {
    await dialog.getByLabel("Password").fill(`wrong-password-${attempt}`);
    const answered = page.waitForResponse((response) => response.url().includes("/account/sign-in"));
    await dialog.getByRole("button", { name: "Sign In" }).click();
    expect((await answered).status()).toBe(401);
  }
  await dialog.getByLabel("Password").fill("the-right-password");
  await dialog.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText("Too many sign-in attempts. Please wait 15 minutes and try again.")).toBeVisible();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Email")).toHaveValue(email);
});

test("a profile picture is uploaded, refused when it is not an image, and removed for the initials", async ({
  page,
}) => {
  test.slow();
  await page.goto("/");
  await register(page, "Frida Kahlo", uniqueEmail("frida"), "self-portrait");
  await expect(page.getByText("Account created!")).toBeVisible();
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
