import { broadcastEmail } from "../../server/broadcasts/broadcast-email.ts";
import { replyEmail } from "../../server/catalogue/review-reply-email.ts";
import {
  confirmEmailAddressEmail,
  emailChangedNoticeEmail,
  existingAccountSignUpEmail,
  passwordResetEmail,
} from "../../server/email/account-emails.ts";
import { cartReminderEmail } from "../../server/email/cart-reminder-email.ts";
import type { OutgoingEmail } from "../../server/email/mailer.ts";
import { newProductEmail } from "../../server/email/new-product-email.ts";
import { orderLinkEmail } from "../../server/email/order-link-email.ts";
import { paragraphsEmail } from "../../server/email/paragraphs-email.ts";
import { productUpdateEmail } from "../../server/email/product-update-email.ts";
import { receiptEmail } from "../../server/email/receipt-email.ts";
import { secondFactorChangedEmail } from "../../server/email/second-factor-emails.ts";
import { productHiddenEmail, productRestoredEmail } from "../../server/moderation/product-moderation-emails.ts";
import { destinationChangedEmail } from "../../server/payouts/destination-changes.ts";

// One email of every kind the shop sends, from sample data: scripts/render-emails.ts writes them
// out to look at, server/email/escaping.test.ts sends hostile words through them. Every link has a
// query string of two parameters, so that an `&` that is not kept in an address shows.

/** The words a visitor or seller chose (a title, a name) and the shop's own name. */
export interface SampleWords {
  title: string;
  name: string;
  shopName: string;
}

export const FRIENDLY_WORDS: SampleWords = {
  title: "Calm Weekly Planner",
  name: "Ada Lovelace",
  shopName: "Paper & Pixel",
};

export const SAMPLE_SHOP_URL = "https://paper-and-pixel.example";

/** Which of the words an email's HTML message shows (the shop's name may be in its subject only). */
export type Shown = keyof SampleWords;

export interface SampleEmail {
  name: string;
  email: OutgoingEmail;
  shows: Shown[];
}

const url = (path: string) => `${SAMPLE_SHOP_URL}${path}?from=email&id=7`;
const LONG_TOKEN = "k3Jd8sQpW2nZ0vLmX7tYbR4eUaHc6GfN1oPiS5wE9qKjT";

export function sampleEmails({ title, name, shopName }: SampleWords): SampleEmail[] {
  const to = "ada@example.com";
  const guestLink = { days: 90, newLinkUrl: url("/orders/lookup") };
  return [
    {
      name: "receipt",
      shows: ["title", "name"],
      email: receiptEmail({
        to,
        name,
        shopName,
        orderNumber: "PX7Q2M9KD",
        items: [
          {
            title,
            quantity: 2,
            lineTotalCents: 3000,
            discountCents: 600,
            licenseType: "commercial",
            licenseKey: "PXL-7Q2M-9KDA-XW3E-B8ZC",
            bundleTitle: `${title} bundle`,
          },
          {
            title: "Botanical Line Art Pack",
            quantity: 1,
            lineTotalCents: 1200,
            licenseType: "personal",
            licenseKey: null,
          },
        ],
        subtotalCents: 4200,
        discountCents: 600,
        discountCode: "SPRING20",
        taxCents: 288,
        taxLabel: "Tax (8%)",
        taxIncluded: false,
        totalCents: 3888,
        orderUrl: url(`/orders/PX7Q2M9KD`),
        guestLink,
        licenseUrl: url("/license"),
      }),
    },
    {
      name: "receipt-upgrade",
      shows: ["title"],
      email: receiptEmail({
        to,
        shopName,
        orderNumber: "PX8R3N0LE",
        items: [
          {
            title,
            quantity: 1,
            lineTotalCents: 1500,
            licenseType: "extended",
            licenseKey: "PXL-8R3N-0LEB-YX4F-C9AD",
            upgradeToSeats: 3,
          },
        ],
        subtotalCents: 1500,
        taxCents: 120,
        taxLabel: "Tax (8%)",
        taxIncluded: false,
        totalCents: 1620,
        orderUrl: url("/orders/PX8R3N0LE"),
        licenseUrl: url("/license"),
      }),
    },
    {
      name: "password-reset",
      shows: ["name", "shopName"],
      email: passwordResetEmail({
        to,
        name,
        url: url(`/api/auth/reset-password/${LONG_TOKEN}`),
        shopName,
        minutes: 30,
      }),
    },
    {
      name: "confirm-email-address",
      shows: ["shopName"],
      email: confirmEmailAddressEmail({
        to,
        url: url(`/api/auth/verify-email/${LONG_TOKEN}`),
        shopName,
        hours: 24,
        purpose: "new-account",
      }),
    },
    {
      name: "existing-account-sign-up",
      shows: ["shopName"],
      email: existingAccountSignUpEmail({
        to,
        shopName,
        signInUrl: url("/"),
        resetUrl: url("/account/forgot-password"),
      }),
    },
    {
      name: "email-changed-notice",
      shows: ["shopName"],
      email: emailChangedNoticeEmail({ to, newAddress: "ada.new@example.org", shopName, contactUrl: url("/contact") }),
    },
    {
      name: "order-link",
      shows: ["shopName"],
      email: orderLinkEmail({
        to,
        shopName,
        orderNumber: "PX7Q2M9KD",
        orderUrl: url(`/orders/PX7Q2M9KD/${LONG_TOKEN}`),
        linkDays: 90,
      }),
    },
    {
      name: "cart-reminder",
      shows: ["title", "name", "shopName"],
      email: cartReminderEmail({
        to,
        name,
        items: [
          { title, priceCents: 1500, url: url("/product/12") },
          { title: "Botanical Line Art Pack", priceCents: 1200, url: url("/product/31") },
        ],
        shopUrl: url("/"),
        unsubscribeUrl: url("/email-preferences"),
        shopName,
      }),
    },
    {
      name: "new-product",
      shows: ["title", "name", "shopName"],
      email: newProductEmail({
        to,
        productTitle: title,
        priceCents: 900,
        payWhatYouWant: true,
        productUrl: url("/product/12"),
        creatorName: name,
        creatorUrl: url("/creator/ada"),
        followingUrl: url("/account/following"),
        unsubscribeUrl: url("/email-preferences"),
        shopName,
      }),
    },
    {
      name: "product-update",
      shows: ["title", "name", "shopName"],
      email: productUpdateEmail({
        to,
        productTitle: title,
        creatorName: name,
        fileName: "weekly-planner-2027.pdf",
        replacedFileName: "weekly-planner.pdf",
        version: 2,
        downloadsUrl: url("/orders/PX7Q2M9KD"),
        guestLink,
        unsubscribeUrl: url("/email-preferences"),
        shopName,
      }),
    },
    {
      name: "paragraphs",
      shows: ["title", "name"],
      email: paragraphsEmail(to, `Your refund for order PX7Q2M9KD is on its way`, [
        `Hi ${name},`,
        `We refunded ${title} from order PX7Q2M9KD: $15.00 goes back to your card within 5 to 10 days.`,
        `Your order stays at ${url("/orders/PX7Q2M9KD")} for your other files.`,
      ]),
    },
    {
      name: "product-hidden",
      shows: ["title", "name"],
      email: productHiddenEmail({
        to,
        name,
        productId: 12,
        title,
        marketName: shopName,
        publicUrl: SAMPLE_SHOP_URL,
        note: `The preview of ${title} shows artwork that is not yours.\nPlease upload your own preview.`,
      }),
    },
    {
      name: "product-restored",
      shows: ["title", "name"],
      email: productRestoredEmail({
        to,
        name,
        productId: 12,
        title,
        marketName: shopName,
        publicUrl: SAMPLE_SHOP_URL,
      }),
    },
    {
      name: "review-reply",
      shows: ["title", "name", "shopName"],
      email: replyEmail({
        to,
        name,
        creatorName: name,
        productTitle: title,
        reply: `Thank you! ${title} has a dark version too.\nSee ${url("/product/13")}`,
        link: url("/product/12"),
        marketName: shopName,
      }),
    },
    {
      name: "broadcast",
      shows: ["title", "name", "shopName"],
      email: broadcastEmail({
        to,
        subject: `New: ${title}`,
        body: `Hello everyone,\n\n${title} is out today, with a dark version.\nSee ${url("/product/12")}.\n\nThank you for following!`,
        audience: "followers",
        creatorName: name,
        creatorUrl: url("/creator/ada"),
        unsubscribeUrl: url("/email-preferences"),
        shopName,
      }),
    },
    {
      name: "two-factor-on",
      shows: ["name", "shopName"],
      email: secondFactorChangedEmail({
        to,
        name,
        shopName,
        change: { kind: "two-factor-on" },
        resetUrl: url("/account/forgot-password"),
        contactUrl: url("/contact"),
      }),
    },
    {
      name: "passkey-added",
      shows: ["title", "name", "shopName"],
      email: secondFactorChangedEmail({
        to,
        name,
        shopName,
        change: { kind: "passkey-added", passkeyName: title },
        resetUrl: url("/account/forgot-password"),
        contactUrl: url("/contact"),
      }),
    },
    {
      name: "payout-destination-changed",
      shows: ["title", "name"],
      email: destinationChangedEmail({
        to,
        name,
        shopName: title,
        marketName: shopName,
        contactUrl: url("/contact"),
        earningsUrl: url("/seller/earnings"),
        destination: `PayPal ${name.replace(/\W+/g, ".")}@example.com`,
        previous: "Bank transfer (US) account ending 6789",
        pausedUntil: new Date("2026-11-30T12:00:00Z"),
      }),
    },
  ];
}
