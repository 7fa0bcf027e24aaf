import { DEMO_BUYER, expect, expectNoAxeViolations, signInAs, test, waitForHydration } from "./fixtures";

test("the page shows the support address; a visitor's form starts empty", async ({ page }) => {
  await page.goto("/contact");
  // The e2e shop sets no SUPPORT_EMAIL: support@ the host of its PUBLIC_URL.
  const address = page.getByRole("link", { name: "support@127.0.0.1" });
  await expect(address).toBeVisible();
  await expect(address).toHaveAttribute("href", "mailto:support@127.0.0.1");
  await expect(page.getByLabel("Name")).toHaveValue("");
  await expect(page.getByLabel("Email")).toHaveValue("");
});

test("a signed-in user's name and email are filled in, and stay after a message is sent", async ({ page }) => {
  await signInAs(page, DEMO_BUYER);
  await page.goto("/contact?subject=Download%20question");
  await waitForHydration(page);
  await expect(page.getByLabel("Name")).toHaveValue("buyer");
  await expect(page.getByLabel("Email")).toHaveValue(DEMO_BUYER.email);
  await expect(page.getByLabel("Subject")).toHaveValue("Download question");
  await page.getByLabel("Message").fill("My download link does not open on my tablet.");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Your message was sent." })).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveValue(DEMO_BUYER.email);
  await expect(page.getByLabel("Message")).toHaveValue("");
  await expectNoAxeViolations(page);
});

test("the contact form shows a clear message per field and sends a valid message", async ({ page }) => {
  await page.goto("/contact");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Please enter your name.")).toBeVisible();
  await expect(page.getByText("Please enter your email address.")).toBeVisible();
  await expect(page.getByText("Please enter a subject.")).toBeVisible();
  await expect(page.getByText("Please write your message.")).toBeVisible();
  await expect(page.getByLabel("Name")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Name")).toHaveAccessibleDescription("Please enter your name.");
  await expectNoAxeViolations(page);

  await page.getByLabel("Name").fill("Ada Buyer");
  await page.getByLabel("Email").fill("not-an-email");
  await page.getByLabel("Subject").fill("Hi");
  await page.getByLabel("Message").fill("My download link does not open on my tablet.");
  await expect(page.getByText("The subject must be at least 3 characters.")).toBeVisible();
  await page.getByLabel("Subject").fill("Download question");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Please enter a valid email address, like name@example.com.")).toBeVisible();

  await page.getByLabel("Email").fill("ada@example.com");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Your message was sent." })).toBeVisible();
  await expect(page.getByLabel("Name")).toHaveValue("");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the server checks the contact form and keeps what was typed", async ({ page }) => {
    await page.goto("/contact");
    await page.getByLabel("Name").fill("Grace");
    await page.getByLabel("Email").fill("grace@example");
    await page.getByLabel("Subject").fill("Hi");
    await page.getByLabel("Message").fill("Tell me about licenses for my shop.");
    // Native validation would block the request; the server must check on its own.
    await page.locator("form[method=post]").evaluate((form) => form.setAttribute("novalidate", ""));
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText("Please enter a valid email address, like name@example.com.")).toBeVisible();
    await expect(page.getByText("The subject must be at least 3 characters.")).toBeVisible();
    await expect(page.getByLabel("Message")).toHaveValue("Tell me about licenses for my shop.");
  });
});
