import {
  anotherClient,
  expect,
  expectNoAxeViolations,
  expectNoSidewaysScroll,
  readOutbox,
  SHOP_ORIGIN,
  screenshotsIn,
  signUpConfirmed,
  test,
  waitForHydration,
} from "./fixtures";

// A seller broadcasting: the demo seller writes an email to their followers, previews it
// as it will be sent, sends it, and it arrives in a follower's inbox with the headers that let mail
// clients unsubscribe. Named "sellers-" so that the platform projects run it. A seller may send 2
// broadcasts in any 7 days and both projects share one server: the journey runs at desktop width
// only, the phone checks the pages' layout.

const SHOTS = "/tmp/shots-seller-broadcasts";
const screenshot = screenshotsIn(SHOTS);

test("the seller writes a broadcast to their followers, previews it, sends it, and a follower gets it @desktop-only", async ({
  seller: page,
  browser,
}, testInfo) => {
  test.slow();
  // A follower of this run's own, of Design Studio Pro (the demo seller's shop).
  const context = await anotherClient(browser, testInfo);
  const fan = await context.newPage();
  const follower = await signUpConfirmed(fan, { name: "Fay Follower" });
  const followed = await fan.request.post("/creator/design-studio-pro", {
    form: { intent: "follow" },
    headers: { origin: SHOP_ORIGIN },
  });
  expect(followed.ok()).toBe(true);
  await context.close();

  await page.goto("/seller");
  await page.getByRole("navigation", { name: "Seller Dashboard" }).getByRole("link", { name: "Broadcasts" }).click();
  await expect(page).toHaveURL(/\/seller\/broadcasts$/);
  await expect(page.getByRole("heading", { name: "Broadcasts", level: 2 })).toBeVisible();
  await waitForHydration(page);

  const subject = `New wall art ${Date.now().toString(36)}`;
  await page.getByLabel("Subject").fill(subject);
  await page
    .getByLabel("Message")
    .fill("Hello from the studio!\n\nOur autumn prints are out: http://127.0.0.1/creator/design-studio-pro");
  await expect(page.getByRole("radio", { name: /^Your followers \(\d+ (person|people)\)$/ })).toBeChecked();

  // Checked before the preview: axe cannot look into its frame, sandboxed without scripts.
  await expectNoAxeViolations(page);

  // The preview: the email as it will be sent, in a frame; what was typed stays.
  await page.getByRole("button", { name: "Preview" }).click();
  const preview = page.frameLocator('iframe[title="Preview of the email"]');
  await expect(preview.getByText("Hello from the studio!", { exact: true })).toBeVisible();
  await expect(preview.getByText(/because you follow Design Studio Pro/)).toBeVisible();
  await expect(page.getByLabel("Subject")).toHaveValue(subject);
  await expectNoSidewaysScroll(page);
  await screenshot(page, testInfo, "preview");

  await page.getByRole("button", { name: "Send now" }).click();
  await expect(page.getByRole("status")).toHaveText(`“${subject}” is being sent.`);
  await expect(page.getByLabel("Subject")).toHaveValue("");

  // The follower's email, with the headers mail clients show as their own Unsubscribe button.
  let email = "";
  await expect.poll(() => (email = readOutbox(follower.email) ?? ""), { timeout: 15_000 }).toContain(subject);
  const headers = email.replace(/\r?\n[ \t]+/g, " ");
  expect(headers).toMatch(/List-Unsubscribe: <http:\/\/127\.0\.0\.1:\d+\/email-preferences\?token=[^>]+>/);
  expect(headers).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
  expect(email).toContain("Hello from the studio!");

  // The list shows it sent, with its recipients.
  const row = page.getByRole("region", { name: "Your broadcasts" }).getByRole("row").filter({ hasText: subject });
  await expect
    .poll(async () => {
      await page.reload();
      return row.textContent();
    })
    .toContain("Sent");
  await expect(row).toContainText("Followers");
  await expectNoAxeViolations(page);
  await screenshot(page, testInfo, "sent");

  // Who bought: the customers page and its CSV export.
  await page.getByRole("navigation", { name: "Seller Dashboard" }).getByRole("link", { name: "Customers" }).click();
  await expect(page.getByRole("heading", { name: "Customers", level: 2 })).toBeVisible();
  await expectNoAxeViolations(page);
  await expectNoSidewaysScroll(page);
  await screenshot(page, testInfo, "customers");
  const csv = await page.request.get("/seller/customers.csv");
  expect(csv.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  expect((await csv.text()).split("\r\n")[0]).toBe("Name,Email,Purchases,Total spent (USD),Last purchase");
});

test("the broadcasts and customers pages fit a phone @phone", async ({ seller: page }, testInfo) => {
  test.skip(testInfo.project.name !== "platform-phone", "The desktop journey checks these pages at its width.");
  await page.goto("/seller/broadcasts");
  await waitForHydration(page);
  await page.getByRole("radio", { name: "Schedule for later" }).check();
  await expect(page.getByLabel("Send at (UTC)")).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
  await screenshot(page, testInfo, "broadcasts");

  await page.goto("/seller/customers");
  await expect(page.getByRole("heading", { name: "Customers", level: 2 })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
  await screenshot(page, testInfo, "customers");
});
