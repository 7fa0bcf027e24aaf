import type { Logger } from "pino";
import { createContext } from "react-router";
import type { PrivacySettings } from "../../shared/privacy-notice.ts";
import type { Auth } from "../accounts/auth.ts";
import type { AccountLimits } from "../accounts/credentials.ts";
import type { CurrencySettings, PayoutPolicy } from "../config/env.ts";
import type { Database } from "../db/client.ts";
import type { InvoiceParty } from "../db/schema.ts";
import type { JobQueue } from "../jobs/queue.ts";
import type { PaymentProvider } from "../payments/provider.ts";
import type { PayoutProvider } from "../payouts/payout-provider.ts";
import type { SearchLog } from "../search/search-log.ts";
import type { FileStore } from "../storage/file-store.ts";
import type { TaxSettings } from "../tax/buyer-tax.ts";
import type { VatNumberChecker } from "../tax/vat-numbers/vat-number-check.ts";

/** A demo account as the login modal offers it (server/demo/accounts/demo-accounts.ts). */
export interface PublishedDemoAccount {
  email: string;
  password: string;
  isSeller: boolean;
}

// What every loader and action gets from the Express server, per request.
export interface RequestServices {
  db: Database;
  /**
   * The replica at DATABASE_READ_URL, or else `db` itself. It lags `db` (by a second, say), so a
   * read just after the visitor's own write may show the old data: only the loaders of public
   * catalogue pages (listings, search, the home page, sitemaps) read it; actions, and the seller,
   * admin and account pages, read and write `db`. See docs/decisions/020.
   */
  readDb: Database;
  shopName: string;
  /** demo: the sample shop with shared demo accounts; live: a real shop (SHOP_MODE). */
  shopMode: "demo" | "live";
  /**
   * The demo accounts the login modal offers, with their published passwords: given only in a demo
   * shop, by whoever loaded server/demo/ (server/serve.ts); absent: none are offered.
   */
  demoAccounts?: readonly PublishedDemoAccount[];
  publicUrl: string;
  /** Where shoppers write for help (SUPPORT_EMAIL). */
  supportEmail: string;
  /** The shop as the supplier on its invoices and credit notes (server/invoices/supplier.ts). */
  invoiceSupplier: InvoiceParty;
  /** The support hours to show, line by line; empty: none are shown (a live shop without SUPPORT_HOURS). */
  supportHours: readonly string[];
  /** Where shoppers open a live chat (LIVE_CHAT_URL); undefined: none is offered. */
  liveChatUrl: string | undefined;
  /**
   * Who runs the shop and who gets personal data (SHOP_OWNER_NAME, PRIVACY_EMAIL...), for the Privacy
   * Policy and Terms; absent (tests that do not need them): the shop's name and support address.
   */
  privacy?: PrivacySettings;
  /** The Content-Security-Policy nonce of this response's inline scripts. */
  nonce: string;
  auth: Auth;
  files: FileStore;
  accountLimits: AccountLimits;
  /** The client's address (from X-Forwarded-For only behind a proxy that TRUST_PROXY names). */
  clientAddress: string;
  googleSignIn: boolean;
  /** The shop's secret; signing keys for each purpose are derived from it (server/lib/signing.ts). */
  secret: string;
  /** Background jobs (pg-boss). */
  jobs: JobQueue;
  /** Who takes payments: the hosted payment page or Stripe (PAYMENT_PROVIDER). */
  payments: PaymentProvider;
  /** How and when sellers are paid (PAYOUT_RAIL, PAYOUT_HOLD_DAYS...). */
  payoutPolicy: PayoutPolicy;
  /** Who pays the sellers, through their connected accounts: the hosted stand-in or Stripe Connect. */
  payouts: PayoutProvider;
  /** How the shop charges tax: the spec's flat 8%, or by the buyer's place (TAX_MODE, docs/decisions/057). */
  tax: TaxSettings;
  /** Business buyers' VAT numbers, checked for their shape and with VIES (docs/decisions/058). */
  vatNumbers: VatNumberChecker;
  /** The currencies prices are shown and paid in, and where their rates are read (docs/decisions/059). */
  currencies: CurrencySettings;
  logger: Logger;
  /** This request's id (X-Request-Id): every line logged about it carries it. */
  requestId: string;
  /** The searches of /search and the results opened from them, written in batches (server/search/search-log.ts). */
  searchLog: SearchLog;
}

export const servicesContext = createContext<RequestServices>();
