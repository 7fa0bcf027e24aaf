import rules from "./personal-data-rules.json" with { type: "json" };
import { VISITOR_HINT_COOKIE } from "./visitor-hint.ts";

// What the Privacy Policy and Terms of Service say that is not prose: who runs the shop (from
// its configuration, server/config/env.ts), the outside services its configuration passes personal
// data to, and the cookies it sets. The law they rely on is data too: ./personal-data-rules.json.

export const GDPR = rules.gdpr.articles;
export const PERSONAL_DATA_RULES = rules;

/** When the Privacy Policy and the Terms of Service were last changed (each page says so). */
export const PRIVACY_POLICY_UPDATED = "2026-11-28";
export const TERMS_UPDATED = "2026-11-28";

/** The outside services a shop may be configured to use, each of which receives personal data. */
export type DataProcessor = "stripe" | "email" | "google" | "file-storage";

/** Who runs the shop and who gets personal data (server/config/env.ts privacySettings). */
export interface PrivacySettings {
  /** A demo shop says so: nobody should give it real personal data. */
  shopMode: "demo" | "live";
  /** The controller (GDPR Art. 13(1)(a)): SHOP_OWNER_NAME, or the shop's name. */
  ownerName: string;
  /** SHOP_OWNER_ADDRESS, line by line; empty when not configured. */
  ownerAddress: readonly string[];
  /** PRIVACY_EMAIL, or the support address. */
  privacyEmail: string;
  /** The outside services this shop's configuration passes personal data to. */
  processors: readonly DataProcessor[];
}

/** Each processor as the Privacy Policy names it: who, what they get, and why. */
export const PROCESSOR_DESCRIPTIONS: Record<DataProcessor, { name: string; gets: string; why: string }> = {
  stripe: {
    name: "Stripe (payments and sellers' payouts)",
    gets: "your email address, what you bought and its price, and the payment details you enter on Stripe's payment page (we never see your card number); for sellers, their email address, shop name and the details Stripe asks for to pay them",
    why: "to take payments, make refunds and pay sellers",
  },
  email: {
    name: "Our email delivery service",
    gets: "your email address and the text of each email we send you",
    why: "to deliver receipts, download links, account emails and the emails you chose to get",
  },
  google: {
    name: "Google (sign-in with Google)",
    gets: "only that you are signing in to this shop, when you choose Sign in with Google; Google sends us your name, email address and profile picture",
    why: "to let you sign in with your Google account",
  },
  "file-storage": {
    name: "Our file storage service",
    gets: "the files sellers upload and the profile pictures you upload",
    why: "to keep the shop's files",
  },
};

/** A cookie the shop sets, as the Privacy Policy lists it. */
export interface ShopCookie {
  name: string;
  purpose: string;
  lasts: string;
}

/**
 * Every cookie the shop sets, all of them strictly necessary for what the visitor asked for
 * (ePrivacy Directive Art. 5(3)), so no consent banner is shown. Names as written in the code:
 * better-auth's cookies (server/accounts/auth.ts; `__Secure-` in front on an https shop), the guest's
 * cart (app/lib/shopper.server.ts) and the signed-in hint (shared/visitor-hint.ts).
 */
export const SHOP_COOKIES: readonly ShopCookie[] = [
  {
    name: "better-auth.session_token",
    purpose: "Keeps you signed in. Set when you sign in, removed when you sign out.",
    lasts: "until you sign out, or 7 days after you last used the shop",
  },
  {
    name: "better-auth.two_factor",
    purpose: "Remembers, between your password and your authenticator code, that the password was right.",
    lasts: "10 minutes",
  },
  {
    name: "better-auth-passkey",
    purpose: "Holds the one-time challenge while you add or use a passkey.",
    lasts: "5 minutes",
  },
  {
    name: "better-auth.state",
    purpose: "Protects a sign-in with Google from being forged, while you are at Google.",
    lasts: "5 minutes",
  },
  {
    name: "shopper",
    purpose: "Finds your cart and wishlist when you shop without signing in. Set when you first add something.",
    lasts: "90 days",
  },
  {
    name: VISITOR_HINT_COOKIE,
    purpose: "Says only whether you are signed in, so that the page header shows Login or your account straight away.",
    lasts: "30 days, or until you sign out",
  },
];
