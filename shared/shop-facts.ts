// The business constants: the content pages state them and the server applies them.

export const SUPPORT_HOURS = ["Mon-Fri 9AM-6PM EST", "Sat 10AM-4PM EST", "Sun closed"] as const;

export const SELLER_SHARE_PERCENT = 70;
export const PLATFORM_FEE_PERCENT = 30;
/** The Commission page's examples, in cents: sale price, seller's share, platform fee. */
export const COMMISSION_EXAMPLES_CENTS = [1000, 2500, 5000, 10000] as const;

/** Tax is 8% of the subtotal, as the cart, orders and receipts say it. */
export const TAX_PERCENT = 8;
export const TAX_LABEL = `Tax (${TAX_PERCENT}%)`;

export const MONEY_BACK_GUARANTEE_DAYS = 30;
export const REFUND_REVIEW_HOURS = 24;
export const REFUND_PROCESSING = "3-5 business days";

export const PAYOUT_DAY = "Friday";
export const PAYOUT_MINIMUM_CENTS = 2500;
export const PAYOUT_FUNDS_AVAILABLE = "2-3 business days";
/** The payout methods, by the key the database keeps (payout_settings.method). */
export const PAYOUT_METHOD_KEYS = ["paypal", "bank_transfer", "direct_deposit"] as const;
export type PayoutMethod = (typeof PAYOUT_METHOD_KEYS)[number];
export const PAYOUT_METHOD_NAMES = {
  paypal: "PayPal",
  bank_transfer: "Bank transfer (US)",
  direct_deposit: "Direct deposit",
} as const satisfies Record<PayoutMethod, string>;
export const PAYOUT_METHODS = Object.values(PAYOUT_METHOD_NAMES);

export const SELLER_REVIEW_TIME = "2-3 business days";
export const APPEAL_WINDOW_DAYS = 7;
export const APPEAL_REVIEW_TIME = "3-5 business days";
export const SELLER_RESPONSE_HOURS = 24;

export const ENFORCEMENT_STEPS = [
  { offence: "First violation", consequence: "A warning, with 7 days to fix the issue." },
  { offence: "Second violation", consequence: "A 30-day suspension of the shop." },
  { offence: "Third violation", consequence: "Permanent removal from the marketplace." },
] as const;

export const MARKETPLACE_STATS = [
  { value: "50K+", label: "Products" },
  { value: "25K+", label: "Customers" },
  { value: "1K+", label: "Creators" },
] as const;

export const SELLER_STATS = [
  { value: "1,200+", label: "Active sellers" },
  { value: "$2.5M+", label: "Paid to creators" },
  { value: "50K+", label: "Products sold" },
] as const;

/** How long the notes an admin writes to a seller (a hidden product's reason) may be. */
export const MODERATION_NOTE_LENGTH = { min: 10, max: 1000 } as const;
