import { spawnSync } from "node:child_process";
import {
  changeCart,
  checkOutSignedIn,
  expect,
  expectNoAxeViolations,
  expectNoSidewaysScroll,
  SHOP_ORIGIN,
  screenshotsIn,
  test,
  waitForHydration,
} from "./fixtures";

// Issue 18 from the side of a seller's developer: a buyer's licence key, taken from their order
// page, is verified and activated by docs/examples/license-check.ts against this server (no API
// key: the licence key is the credential), and a second machine beyond the licence's one seat is
// refused. Then the demo seller's Webhooks page: a local address is refused with the reason (the
// production build has no way to send to one; delivery to a local receiver is covered in Vitest,
// server/webhooks/deliveries.test.ts), an endpoint is added, its secret revealed, a test event sent
// and seen in its delivery log. Named "sellers-" so that the platform projects run it.

const screenshot = screenshotsIn("/tmp/shots-sellers-licence-api");

/** Runs the example script for `key` as the machine `instance`; its exit code and output. */
function licenseCheck(key: string, instance: string) {
  const run = spawnSync(process.execPath, ["docs/examples/license-check.ts", key], {
    env: { ...process.env, DGM_SHOP_URL: SHOP_ORIGIN, DGM_INSTANCE: instance },
    encoding: "utf8",
    timeout: 30_000,
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

test("a buyer's licence key is verified and activated by the example script; a machine beyond its seats is refused", {
  tag: "@desktop-only",
}, async ({ buyer: { page } }) => {
  await changeCart(page, { intent: "add", productId: "2", tier: "personal" });
  const { tab } = await checkOutSignedIn(page);
  const key = (await tab.locator("code", { hasText: /^DGM-/ }).first().textContent())!.trim();
  expect(key).toMatch(/^DGM-[A-Z0-9]{4}(-[A-Z0-9]{4}){3}$/);

  const machine = `e2e-${Date.now()}`;
  const first = licenseCheck(key, `${machine}-a`);
  expect(first.output).toMatch(/^License for .+ \(personal\): valid$/m);
  expect(first.output).toContain(`Activated on ${machine}-a.`);
  expect(first.output).toContain("Seats used: 1 of 1");
  expect(first.status).toBe(0);

  // The same machine again keeps its seat.
  const again = licenseCheck(key, `${machine}-a`);
  expect(again.output).toContain(`Already active on ${machine}-a.`);
  expect(again.status).toBe(0);

  const second = licenseCheck(key, `${machine}-b`);
  expect(second.output).toContain(
    `Not activated on ${machine}-b: The one seat of this license is in use: deactivate its instance first.`,
  );
  expect(second.status).toBe(1);

  const unknown = licenseCheck("DGM-0000-0000-0000-0000", machine);
  expect(unknown.output).toContain("Not licensed: No license has this key.");
  expect(unknown.status).toBe(1);
});

test("the seller is refused a local webhook URL, adds a public one, sends it a test event and sees it in the log", async ({
  seller: page,
}, testInfo) => {
  await page.goto("/seller");
  await page.getByRole("navigation", { name: "Seller Dashboard" }).getByRole("link", { name: "Webhooks" }).click();
  await expect(page).toHaveURL(/\/seller\/webhooks$/);
  await expect(page.getByRole("heading", { name: "Webhooks", level: 2 })).toBeVisible();
  await waitForHydration(page);

  // The shop's own machine: refused beside the field, nothing added.
  const url = page.getByLabel("Endpoint URL");
  await url.fill("https://127.0.0.1/hooks");
  await page.getByRole("button", { name: "Add endpoint" }).click();
  await expect(
    page.getByText("Webhooks cannot be sent to this address: 127.0.0.1 is a private or reserved address."),
  ).toBeVisible();
  await expect(url).toHaveValue("https://127.0.0.1/hooks");
  await expectNoAxeViolations(page);
  await screenshot(page, testInfo, "refused");

  // A public address (an IP, as the test machine has no DNS); one endpoint per project run.
  const path = `/hooks/${testInfo.project.name}-${Date.now()}`;
  const address = `https://93.184.216.34${path}`;
  await url.fill(address);
  await page.getByRole("checkbox", { name: /^refund/ }).uncheck();
  await page.getByRole("button", { name: "Add endpoint" }).click();
  await expect(page.getByRole("status")).toContainText(`${address} was added.`);
  const card = page.getByRole("listitem").filter({ hasText: address });
  await expect(card).toContainText("Events: sale, license.activated");
  await card.getByText("Reveal signing secret").click();
  await expect(card.locator("code")).toHaveText(/^whsec_[A-Za-z0-9_-]{43}$/);

  await card.getByRole("button", { name: `Send test event for ${address}` }).click();
  await expect(page.getByRole("status")).toContainText("A test event is on its way");
  await expectNoAxeViolations(page);
  await expectNoSidewaysScroll(page);
  await screenshot(page, testInfo, "endpoints");

  await card.getByRole("link", { name: `Delivery log of ${address}` }).click();
  await expect(page.getByRole("heading", { name: "Delivery log" })).toBeVisible();
  const deliveries = page.getByRole("region", { name: "Deliveries" });
  const row = deliveries.getByRole("row").filter({ hasText: "test" });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole("button", { name: /^Redeliver test event / })).toBeVisible();
  await waitForHydration(page);
  await expectNoAxeViolations(page);
  await expectNoSidewaysScroll(page);
  await screenshot(page, testInfo, "delivery-log");

  // Deleted with its log, so that nothing is retried after the test.
  await page.getByRole("link", { name: "All endpoints" }).click();
  await waitForHydration(page);
  await page
    .getByRole("listitem")
    .filter({ hasText: address })
    .getByRole("button", { name: `Delete for ${address}` })
    .click();
  await expect(page.getByRole("status")).toContainText(`${address} was deleted with its delivery log.`);
});
