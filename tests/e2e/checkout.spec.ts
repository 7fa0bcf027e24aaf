import type { BrowserContext, Page } from "@playwright/test";
import { formatDayUtc } from "../../shared/format.ts";
import {
  addToCart,
  buyAsGuest,
  changeCart,
  checkOutSignedIn,
  expect,
  expectNoAxeViolations,
  expectNoSidewaysScroll,
  FAR_TIME_ZONES,
  openCart,
  payOnHostedPage,
  readOutbox,
  SHOP_ORIGIN,
  SUCCESS_CARD,
  screenshotsIn,
  signUpConfirmed,
  test,
  uniqueEmail,
  waitForHydration,
} from "./fixtures";

// Checkout to download: the order is made on the server, paid on the
// hosted payment page in a new tab, confirmed by its signed webhook, and its files downloaded.

const DECLINED_CARD = "4000 0000 0000 0002";
const screenshot = screenshotsIn("/tmp/wt-checkout-shots");

/** The page's script errors and the errors it logs, from now on. */
function scriptErrorsOf(page: Page) {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  return errors;
}

/** The header's cart button says how many items the server's cart holds (after a reload). */
async function expectCartCount(page: Page, count: number) {
  await page.reload();
  await waitForHydration(page);
  await expect(
    page.getByRole("banner").getByRole("button", { name: `Cart, ${count} ${count === 1 ? "item" : "items"}` }),
  ).toBeVisible();
}

/** Clicks what opens the payment page, and returns its tab. */
async function paymentTab(context: BrowserContext, click: () => Promise<void>) {
  const [tab] = await Promise.all([context.waitForEvent("page"), click()]);
  await tab.waitForURL(/\/pay\/hps_/);
  await waitForHydration(tab);
  return tab;
}

/** From the cart, a guest's checkout: a name and an email, then Complete Purchase opens the payment page. */
async function checkOutAsGuest(page: Page, { name, email }: { name: string; email: string }) {
  const cart = await openCart(page);
  await cart.getByRole("button", { name: "Checkout" }).click();
  const dialog = page.getByRole("dialog", { name: "Guest Checkout" });
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByLabel("Email").fill(email);
  const tab = await paymentTab(page.context(), () => dialog.getByRole("button", { name: "Complete Purchase" }).click());
  return { dialog, tab };
}

/** Downloads every file on the order page; returns their names. */
async function downloadAll(tab: Page) {
  const links = tab.getByRole("link", { name: /^Download / });
  const names: string[] = [];
  for (let i = 0; i < (await links.count()); i++) {
    const [download] = await Promise.all([tab.waitForEvent("download"), links.nth(i).click()]);
    expect(await download.failure()).toBeNull();
    names.push(download.suggestedFilename());
  }
  return names;
}

test("a guest buys two products, is told 'Order placed successfully!', gets the receipt and downloads both files", async ({
  page,
  context,
  guest,
}) => {
  test.slow();
  await addToCart(page, 3);
  await addToCart(page, 4);
  const cart = await openCart(page);
  await cart.getByRole("button", { name: "Checkout" }).click();
  const dialog = page.getByRole("dialog", { name: "Guest Checkout" });
  const submit = dialog.getByRole("button", { name: "Complete Purchase" });
  await expect(submit).toBeDisabled();
  await dialog.getByLabel("Name").fill("Grace Guest");
  await expect(submit).toBeDisabled();
  const email = uniqueEmail("guest");
  await dialog.getByLabel("Email").fill(email);
  await expectNoAxeViolations(page);

  const tab = await paymentTab(context, () => submit.click());
  await expect(dialog.getByRole("button", { name: "Waiting for payment..." })).toBeDisabled();
  await expect(tab.getByText("Test mode")).toBeVisible();
  await expectNoAxeViolations(tab);
  await payOnHostedPage(tab);

  // The shop's tab hears of the payment from the server, once the provider's webhook arrived.
  const toast = page.getByText(/^Thank you for your purchase! Your order number is [A-Z0-9]{9}\./);
  await expect(page.getByText("Order placed successfully!").first()).toBeVisible({ timeout: 20_000 });
  await expect(toast).toContainText(`Your receipt is on its way to ${email}.`);
  const orderNumber = /is ([A-Z0-9]{9})\./.exec((await toast.textContent()) ?? "")![1]!;
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expectCartCount(page, 0);

  // The payment tab is back in the shop, on the order page reached by the receipt's link.
  await tab.waitForURL(new RegExp(`/orders/${orderNumber}\\?access=`));
  await expect(tab.getByText("Paid", { exact: true })).toBeVisible();
  await expect(tab.getByText(/^DGM(-[A-Z0-9]{4}){4}$/)).toHaveCount(2);
  // Each file is of the format its product states: product 3 is a PSD template pack, 4 a video course.
  expect(await downloadAll(tab)).toEqual([expect.stringMatching(/\.psd$/), expect.stringMatching(/\.mp4$/)]);
  await expectNoAxeViolations(tab);

  let receipt = "";
  await expect.poll(() => (receipt = readOutbox(email) ?? ""), { timeout: 15_000 }).toContain(orderNumber);
  expect(receipt).toContain(`Subject: Your Test Market receipt for order ${orderNumber}`);
  const link = /http:\/\/127\.0\.0\.1:\d+\/orders\/[A-Z0-9]{9}\?access=[\w-]+/.exec(receipt)?.[0];
  expect(link).toBeTruthy();
  // The receipt's link opens the order with its downloads, in any browser.
  await guest.goto(link!);
  await expect(guest.getByRole("heading", { name: `Order ${orderNumber}` })).toBeVisible();
  expect(await downloadAll(guest)).toHaveLength(2);
  // Without the secret, the order is not there.
  await guest.goto(`/orders/${orderNumber}`);
  await expect(guest.getByText("We could not find this order.")).toBeVisible();
});

test("a declined card leaves the order unpaid and the cart intact, and says why; another card then pays", async ({
  page,
}) => {
  test.slow();
  await addToCart(page, 5);
  const { dialog, tab } = await checkOutAsGuest(page, { name: "Dee Clined", email: uniqueEmail("declined") });
  await payOnHostedPage(tab, { card: DECLINED_CARD });
  await expect(tab.getByRole("alert")).toHaveText("Your card was declined.");
  await expect(page.getByText("Checkout failed").first()).toBeVisible({ timeout: 20_000 });
  await expect(dialog.getByText("Your card was declined.")).toBeVisible();
  // The cart is as it was (asked of the server without leaving the page, which is still waiting).
  const cartNow = await (await page.request.get("/api/v1/cart")).json();
  expect(cartNow.count).toBe(1);

  await tab.getByLabel("Card number").fill(SUCCESS_CARD);
  await tab.getByRole("button", { name: /^Pay \$/ }).click();
  await expect(page.getByText("Order placed successfully!").first()).toBeVisible({ timeout: 20_000 });
  await expectCartCount(page, 0);
});

test("a signed-in buyer checks out in a new tab, then finds the order, the downloads and the review form", async ({
  buyer: { page, email },
  context,
  guest,
}) => {
  test.slow();
  await addToCart(page, 6);
  await addToCart(page, 7);
  const cart = await openCart(page);
  const tab = await paymentTab(context, () => cart.getByRole("button", { name: "Checkout" }).click());
  // The cart closes when the payment page opens.
  await expect(page.getByRole("dialog", { name: "Shopping Cart" })).toHaveCount(0);
  await payOnHostedPage(tab);
  await expect(page.getByText("Order placed successfully!").first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(`Your receipt is on its way to ${email}.`)).toBeVisible();
  await tab.waitForURL(/\/account\/orders\/[A-Z0-9]{9}/);
  const orderNumber = /orders\/([A-Z0-9]{9})/.exec(tab.url())![1]!;
  await expect(tab.getByText("Paid", { exact: true })).toBeVisible();
  // The receipt links to the account's order page.
  await expect.poll(() => readOutbox(email) ?? "", { timeout: 15_000 }).toContain(`/account/orders/${orderNumber}`);

  await page.goto("/account/orders");
  await expect(page.getByRole("link", { name: `Order ${orderNumber}` })).toBeVisible();
  await page.goto("/account/downloads");
  await expect(page.getByRole("heading", { name: "My Downloads" })).toBeVisible();
  expect(await downloadAll(page)).toHaveLength(2);
  await expectNoAxeViolations(page);

  // Someone else sees none of it.
  await signUpConfirmed(guest, { name: "Nosy" });
  await guest.goto(`/account/orders/${orderNumber}`);
  await expect(guest.getByText("We could not find this order.")).toBeVisible();
  const status = await guest.request.get(`/api/v1/orders/${orderNumber}`);
  expect(status.status()).toBe(404);

  // A buyer may review what they bought, once.
  await page.goto("/product/6?reviews=1");
  await page.getByRole("radio", { name: "4 stars" }).check({ force: true });
  await page.getByLabel("Your review").fill("Clear layout and easy to print.");
  await page.getByRole("button", { name: "Publish review" }).click();
  await expect(page.getByText("Review published")).toBeVisible();
  await page.reload();
  await expect(page.getByText("Verified purchase").first()).toBeVisible();
  await expect(page.getByText("Thank you: you have reviewed this product.")).toBeVisible();
});

test("a guest whose order link no longer works asks for a new one by email, and opens the order with it", async ({
  page,
  guest,
}) => {
  test.slow();
  await addToCart(page, 8);
  const email = uniqueEmail("relink");
  const { tab } = await checkOutAsGuest(page, { name: "Lena Linkless", email });
  await payOnHostedPage(tab);
  await tab.waitForURL(/\/orders\/[A-Z0-9]{9}\?access=/, { timeout: 20_000 });
  const paidAt = new URL(tab.url());
  const orderNumber = paidAt.pathname.split("/")[2]!;
  const token = paidAt.searchParams.get("access")!;
  await expect.poll(() => readOutbox(email) ?? "", { timeout: 15_000 }).toContain(`receipt for order ${orderNumber}`);

  // Months later, in another browser, with a link that no longer works: an altered one answers as
  // an expired one does (the unit tests cover expiry), the same as an order that does not exist.
  const altered = `${token.slice(0, 12)}${token[12] === "A" ? "B" : "A"}${token.slice(13)}`;
  await guest.goto(`/orders/${orderNumber}?access=${altered}`);
  await expect(guest.getByRole("heading", { name: "We could not find this order." })).toBeVisible();
  await expect(guest.getByRole("heading", { name: "Is your link older than 90 days?" })).toBeVisible();
  await waitForHydration(guest);
  await expect(guest.getByLabel("Order number")).toHaveValue(orderNumber);
  await expectNoAxeViolations(guest);

  // Another address: the same answer, and nothing is sent to it.
  const neutral = "If an order with that number and email exists, we sent a new link to that address.";
  const send = guest.getByRole("button", { name: "Email me a new link" });
  await guest.getByLabel("Email address of the order").fill(`not-${email}`);
  await send.click();
  await expect(guest.getByText(neutral)).toBeVisible();
  await expect(send).toBeEnabled();
  expect(readOutbox(`not-${email}`)).toBeUndefined();

  // The order's own address: a fresh link arrives, and opens the order with its downloads.
  await guest.getByLabel("Email address of the order").fill(email);
  await send.click();
  await expect(send).toBeEnabled();
  await expect(guest.getByText(neutral)).toBeVisible();
  let letter = "";
  await expect
    .poll(() => (letter = readOutbox(email) ?? ""), { timeout: 15_000 })
    .toContain(`Subject: A new link to your Test Market order ${orderNumber}`);
  const link = new RegExp(`http://127\\.0\\.0\\.1:\\d+/orders/${orderNumber}\\?access=[\\w-]+`).exec(letter)?.[0];
  expect(link).toBeTruthy();
  await guest.goto(link!);
  await expect(guest.getByRole("heading", { name: `Order ${orderNumber}` })).toBeVisible();
  await expect(guest.getByText("Paid", { exact: true })).toBeVisible();
  expect(await downloadAll(guest)).toHaveLength(1);

  // The same form has a page of its own, linked from the receipt.
  await guest.goto("/orders/lookup");
  await expect(guest.getByRole("heading", { name: "Get a new link to your order" })).toBeVisible();
  await expectNoAxeViolations(guest);
});

test("a guest who cancels on the payment page sees the order cancelled, with no receipt claimed, and pays again from either tab", async ({
  page,
  context,
}) => {
  test.slow();
  await addToCart(page, 9);
  const { dialog, tab } = await checkOutAsGuest(page, { name: "Cass Cancel", email: uniqueEmail("cancel") });
  await tab.getByRole("link", { name: "Cancel and return to the shop" }).click();

  // The payment tab: the order, cancelled; nothing promises a payment or a receipt.
  await tab.waitForURL(/\/orders\/[A-Z0-9]{9}\?access=[\w-]+$/);
  const orderNumber = new URL(tab.url()).pathname.split("/")[2]!;
  await expect(tab.getByText("Cancelled", { exact: true })).toBeVisible();
  await expect(tab.getByText("You cancelled the payment. Nothing was charged.")).toBeVisible();
  await expect(tab.getByText(/Receipt sent|receipt is on its way/)).toHaveCount(0);
  await expect(tab.getByText(/Awaiting payment|This page updates/)).toHaveCount(0);
  await expectNoAxeViolations(tab);

  // The shop's tab stops waiting and offers to pay again.
  await expect(dialog.getByRole("alert")).toHaveText("You cancelled the payment. Nothing was charged.", {
    timeout: 20_000,
  });
  await expect(dialog.getByRole("button", { name: "Waiting for payment..." })).toHaveCount(0);
  const payAgain = dialog.getByRole("button", { name: "Pay again" });
  await expect(payAgain).toBeEnabled();
  await expectNoAxeViolations(page);

  // Paying again from the shop's tab: a new payment page opens, and this tab waits for it again.
  const second = await paymentTab(context, () => payAgain.click());
  await expect(dialog.getByRole("button", { name: "Waiting for payment..." })).toBeDisabled();
  await second.getByRole("link", { name: "Cancel and return to the shop" }).click();
  await expect(dialog.getByRole("button", { name: "Pay again" })).toBeEnabled({ timeout: 20_000 });

  // Paying again from the cancelled order's page: a new order of the same item, paid.
  await tab.getByRole("button", { name: "Pay again" }).click();
  await tab.waitForURL(/\/pay\/hps_/);
  await waitForHydration(tab);
  await payOnHostedPage(tab);
  await tab.waitForURL(/\/orders\/[A-Z0-9]{9}\?access=/, { timeout: 20_000 });
  await expect(tab.getByText("Paid", { exact: true })).toBeVisible({ timeout: 20_000 });
  expect(new URL(tab.url()).pathname).not.toBe(`/orders/${orderNumber}`);
});

test("a signed-in buyer who cancels the payment is told so with Pay again, and My Orders lists the order as cancelled", async ({
  buyer: { page },
  context,
}) => {
  test.slow();
  await addToCart(page, 10);
  const cart = await openCart(page);
  const tab = await paymentTab(context, () => cart.getByRole("button", { name: "Checkout" }).click());
  await tab.getByRole("link", { name: "Cancel and return to the shop" }).click();
  await tab.waitForURL(/\/account\/orders\/[A-Z0-9]{9}$/);
  const orderNumber = new URL(tab.url()).pathname.split("/")[3]!;
  await expect(tab.getByText("You cancelled the payment. Nothing was charged.")).toBeVisible();
  await expect(tab.getByText(/Receipt sent/)).toHaveCount(0);

  await expect(page.getByText("Payment not completed")).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText("Waiting for your payment")).toHaveCount(0);
  const again = await paymentTab(context, () => page.getByRole("button", { name: "Pay again" }).click());
  await payOnHostedPage(again);
  await expect(page.getByText("Order placed successfully!").first()).toBeVisible({ timeout: 20_000 });

  await page.goto("/account/orders");
  const cancelled = page.getByRole("listitem").filter({ hasText: `Order ${orderNumber}` });
  await expect(cancelled.getByText("Cancelled", { exact: true })).toBeVisible();
  await expect(page.getByText("Paid", { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("the payment page formats the card number and expiry as they are typed, and takes the expiry 1230", async ({
  page,
}) => {
  test.slow();
  await addToCart(page, 11);
  const { tab } = await checkOutAsGuest(page, { name: "Tess Typist", email: uniqueEmail("typist") });

  const number = tab.getByLabel("Card number");
  await number.pressSequentially("4242424242424242");
  await expect(number).toHaveValue("4242 4242 4242 4242");
  // A digit typed in the middle keeps its place, and the caret stays after it.
  await number.fill("");
  await number.pressSequentially("42424242");
  await number.press("Home");
  for (let i = 0; i < 2; i++) await number.press("ArrowRight");
  await number.press("9");
  await expect(number).toHaveValue("4294 2424 2");
  expect(await number.evaluate((input: HTMLInputElement) => input.selectionStart)).toBe(3);
  // Backspace just after a space takes the digit before it.
  await number.fill("");
  await number.pressSequentially("42424");
  await number.press("ArrowLeft");
  await number.press("Backspace");
  await expect(number).toHaveValue("4244");
  await number.fill("");
  await number.pressSequentially("4242 4242 4242 4242");
  await expect(number).toHaveValue("4242 4242 4242 4242");

  const expiry = tab.getByLabel("Expiry (MM/YY)");
  await expiry.pressSequentially("1230");
  await expect(expiry).toHaveValue("12/30");
  await expiry.press("Backspace");
  await expiry.press("Backspace");
  await expect(expiry).toHaveValue("12");
  await expiry.pressSequentially("/30");
  await expect(expiry).toHaveValue("12/30");
  await expiry.fill("");
  await expiry.pressSequentially("1/39");
  await expect(expiry).toHaveValue("01/39");
  // Sent as typed, without the page's formatting (before its script has loaded): the server reads it too.
  await expiry.evaluate((input: HTMLInputElement) => {
    input.value = "1230";
  });
  await expect(expiry).toHaveValue("1230");

  await tab.getByLabel("Name on card").fill("Tess Typist");
  await tab.getByLabel("CVC").fill("123");
  await tab.getByRole("button", { name: /^Pay \$/ }).click();
  await tab.waitForURL(/\/orders\/[A-Z0-9]{9}\?access=/, { timeout: 20_000 });
  await expect(tab.getByText("Paid", { exact: true })).toBeVisible({ timeout: 20_000 });
});

for (const timezoneId of FAR_TIME_ZONES) {
  test.describe(`a buyer whose calendar may be a day away from the shop's (${timezoneId})`, () => {
    test.use({ timezoneId });

    test("sees the order's days as the server wrote them, and the page comes alive without a mismatch", async ({
      page,
    }) => {
      const before = formatDayUtc(new Date());
      await buyAsGuest(page, 1);
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      page.on("console", (message) => {
        if (message.type() === "error") errors.push(message.text());
      });
      await page.reload();
      await waitForHydration(page);
      // React reports a text the browser would draw differently (error #418) and draws the page again.
      await expect(page.getByText(/^Placed on /)).toContainText(
        new RegExp(`^Placed on (${before}|${formatDayUtc(new Date())})\\.`),
      );
      expect(errors).toEqual([]);
    });
  });
}

test("a signed-in checkout with a discount code logs no script error in the cart's tab", async ({
  buyer: { page },
}) => {
  test.slow();
  const errors = scriptErrorsOf(page);
  await addToCart(page, 6);
  await changeCart(page, { intent: "code", code: "WELCOME10" });
  const { tab } = await checkOutSignedIn(page);
  await expect(tab.getByText(/ off with WELCOME10\.$/)).toBeVisible();
  await expect(page.getByText("Order placed successfully!").first()).toBeVisible({ timeout: 20_000 });
  // Conform's "Form element is required to trigger submission." came here as the order was placed.
  await expect(page.getByRole("banner").getByRole("button", { name: "Cart, 0 items" })).toBeVisible();
  expect(errors).toEqual([]);
});

test("back from the payment page before the payment is confirmed, the order page says so without Pay now, and shows the downloads once paid", async ({
  buyer: { page },
  context,
}, testInfo) => {
  test.slow();
  await addToCart(page, 7);
  const started = await (
    await page.request.post("/api/v1/checkout", {
      form: { idempotencyKey: `placed-${Date.now()}` },
      headers: { origin: SHOP_ORIGIN },
    })
  ).json();
  const tab = await context.newPage();
  await tab.goto(started.paymentUrl);
  await waitForHydration(tab);
  // Where the provider sends the buyer back, here before anything is paid: the provider's event comes after.
  await page.goto(`${started.orderPath}?placed=1`);
  await waitForHydration(page);
  await expect(page.getByText("Payment received, confirming...")).toBeVisible();
  await expect(page.getByText("Confirming payment", { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "Pay now" })).toHaveCount(0);
  await expect(page.getByText("Awaiting payment")).toHaveCount(0);
  await screenshot(page, testInfo, "order-confirming");
  await expectNoAxeViolations(page);

  // The page checks for a minute from when it opens (axe may take much of one on a busy machine).
  await page.reload();
  await expect(page.getByText("Payment received, confirming...")).toBeVisible();
  await payOnHostedPage(tab);
  // No reload: the page finds the payment confirmed, says so once, and offers the files.
  await expect(page.getByText("Order placed successfully!").first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText("Paid", { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: /^Download / }).first()).toBeVisible();
  await expect(page.getByText("Payment received, confirming...")).toHaveCount(0);
  await expectNoAxeViolations(page);
  await expectNoSidewaysScroll(page);
  expect(new URL(page.url()).search).toBe("");
});

test("a signed-in buyer's free order opens its order page with the downloads in the same tab, and no other tab", async ({
  buyer: { page },
  context,
}, testInfo) => {
  test.slow();
  const opened: string[] = [];
  context.on("page", (other) => opened.push(other.url()));
  // Sample product 17 is pay what you want from $0.00.
  await changeCart(page, { intent: "add", productId: "17", price: "0" });
  const cart = await openCart(page);
  await expect(cart.locator("dl")).toContainText("Total$0.00");
  await cart.getByRole("button", { name: "Checkout" }).click();
  await page.waitForURL(/\/account\/orders\/[A-Z0-9]{9}/);
  await expect(page.getByText("Order placed successfully!").first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText("Paid", { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: /^Download / }).first()).toBeVisible();
  expect(opened).toEqual([]);
  await expectNoAxeViolations(page);
  await screenshot(page, testInfo, "free-order");
});
