import net from "node:net";
import path from "node:path";
import { z } from "zod";
import { CURRENCIES, DEFAULT_SHOP_CURRENCIES, isKnownCurrency, SETTLEMENT_CURRENCY } from "../../shared/currencies.ts";
import type { DataProcessor, PrivacySettings } from "../../shared/privacy-notice.ts";
import { SUPPORT_HOURS } from "../../shared/shop-facts.ts";
import type { S3FileStoreOptions } from "../storage/s3-file-store.ts";
import { isCountryCode } from "../tax/countries.ts";
import { loadTaxRates, TaxRatesError, type TaxRateTable } from "../tax/rate-table.ts";
import type { TaxMode } from "../tax/tax-rule.ts";
import { readVatNumber } from "../tax/vat-numbers/vat-number-format.ts";
import { OFFICIAL_VIES_URL, VIES_STAND_IN_PATH } from "../tax/vat-numbers/vies-addresses.ts";
import type { ViesOptions } from "../tax/vat-numbers/vies-client.ts";

const RATES_URL_EXPECTED = 'must be an http:// or https:// URL, or "sample"';

/** Lines separated by semicolons ("Mon-Fri 9AM-6PM EST; Sun closed"), 1 to `most` of them, none longer than `longest`. */
function semicolonLines({ most, longest }: { most: number; longest: number }) {
  return z
    .string()
    .transform((text) =>
      text
        .split(";")
        .map((line) => line.trim())
        .filter(Boolean),
    )
    .refine((lines) => lines.length >= 1 && lines.length <= most, `must be 1 to ${most} lines separated by semicolons`)
    .refine(
      (lines) => lines.every((line) => line.length <= longest),
      `must have lines of at most ${longest} characters each`,
    );
}

// Every setting the shop reads from the environment, checked once at start.
// A bad value stops the server with a message that names the variable.
const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(0, "must be between 0 and 65535")
    .max(65535, "must be between 0 and 65535")
    .default(3000),
  HOST: z.string().min(1, "must not be empty").default("0.0.0.0"),
  // The proxies whose X-Forwarded-For and X-Forwarded-Proto are believed (Express's `trust proxy`):
  // their addresses and CIDR ranges, or loopback, linklocal, uniquelocal. Never every address: a
  // client could then name any address as its own and escape the per-client limits.
  TRUST_PROXY: z
    .string()
    .transform((list) => list.split(",").map((entry) => entry.trim()))
    .check((check) => {
      for (const entry of check.value) {
        const problem = trustedProxyProblem(entry);
        if (problem) check.issues.push({ code: "custom", input: check.value, message: problem });
      }
    })
    .transform((entries) =>
      entries.map((entry) => (TRUSTED_RANGE_NAMES.has(entry.toLowerCase()) ? entry.toLowerCase() : entry)),
    )
    .default(["loopback"]),
  DATA_DIR: z.string().min(1, "must not be empty").default("./data"),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: "must be a postgres:// or postgresql:// URL" }).optional(),
  // A streaming replica of DATABASE_URL for the public catalogue's reads (docs/decisions/020).
  DATABASE_READ_URL: z
    .url({ protocol: /^postgres(ql)?$/, error: "must be a postgres:// or postgresql:// URL" })
    .optional(),
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" }).optional(),
  SHOP_NAME: z
    .string()
    .trim()
    .min(1, "must not be empty")
    .max(60, "must be at most 60 characters")
    .default("Digital Goods Market"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL" }).optional(),
  MAIL_FROM: z.string().trim().min(3, "must be an address like Shop <shop@example.com>").optional(),
  // Where shoppers write for help (shown on /contact); support@ the host of PUBLIC_URL when unset.
  SUPPORT_EMAIL: z.email("must be an email address like support@example.com").optional(),
  // The support hours the footer, /contact and /help show: lines separated by semicolons, like
  // "Mon-Fri 9AM-6PM EST; Sat 10AM-4PM EST; Sun closed". Unset: the storefront's in a demo shop, none in a live one.
  SUPPORT_HOURS: semicolonLines({ most: 7, longest: 60 }).optional(),
  // Where shoppers chat with the shop's team (a link on /contact). Unset: a live shop offers no live chat.
  LIVE_CHAT_URL: z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" }).optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_ISSUER: z
    .url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" })
    .default("https://accounts.google.com"),
  // demo: the sample catalogue and the shared demo accounts (which nobody can take over); live: a
  // real shop, with neither. Unset: demo on the embedded database, live with DATABASE_URL.
  SHOP_MODE: z.enum(["demo", "live"], { error: "must be demo or live" }).optional(),
  // The largest form, JSON or webhook body read (uploads have their own caps): bytes, or 512kb, 1mb.
  BODY_LIMIT: z
    .string()
    .regex(/^\d+(\.\d+)?\s*(b|kb|mb)?$/i, "must be a size like 1mb, 512kb or 1048576")
    .transform(parseSize)
    .refine((bytes) => bytes >= 1024 && bytes <= 100 * 1024 * 1024, "must be between 1kb and 100mb")
    .optional(),
  // false: this server only serves requests; background jobs run on the instances where it is true.
  RUN_JOBS: z.enum(["true", "false"], { error: "must be true or false" }).default("true"),
  // Prometheus metrics (server/ops/metrics.ts): on a port of their own (METRICS_PORT on METRICS_HOST),
  // and/or at /metrics on the shop's port for a scraper that sends METRICS_TOKEN. Neither: no metrics.
  METRICS_PORT: z.coerce
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(1, "must be between 1 and 65535")
    .max(65535, "must be between 1 and 65535")
    .optional(),
  METRICS_HOST: z.string().min(1, "must not be empty").optional(),
  METRICS_TOKEN: z
    .string()
    .min(32, "must be at least 32 characters")
    .regex(/^[\x21-\x7e]+$/, "must be printable ASCII without spaces")
    .optional(),
  // The shared secret the email provider's bounce and complaint reports send in X-Email-Events-Secret
  // (POST /api/v1/email/events, decision 034); unset: that endpoint answers 404.
  EMAIL_EVENTS_SECRET: z
    .string()
    .min(32, "must be at least 32 characters")
    .regex(/^[\x21-\x7e]+$/, "must be printable ASCII without spaces")
    .optional(),
  PAYMENT_PROVIDER: z.enum(["hosted", "stripe"], { error: "must be hosted or stripe" }).default("hosted"),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_/, "must be a Stripe secret key (sk_...)")
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_/, "must be a Stripe webhook signing secret (whsec_...)")
    .optional(),
  // How sellers are paid on Fridays (decision 053): by transfers to their connected accounts, or
  // by the owner from a payout file (a shop without Connect).
  PAYOUT_RAIL: z.enum(["transfer", "manual"], { error: "must be transfer or manual" }).default("transfer"),
  // Days a sale's money waits before it can be paid out (0: at once, as before).
  PAYOUT_HOLD_DAYS: z.coerce
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(0, "must be between 0 and 180")
    .max(180, "must be between 0 and 180")
    .default(0),
  // Hours payouts wait after a seller changes their payout account.
  PAYOUT_ACCOUNT_CHANGE_PAUSE_HOURS: z.coerce
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(0, "must be between 0 and 720")
    .max(720, "must be between 0 and 720")
    .default(48),
  // The signing secret of the Stripe event destination that sends Connect events (connected
  // accounts, transfer reversals) to /api/v1/payments/webhook/stripe/connect; two, separated by a
  // comma, when thin and snapshot events come through two destinations (decision 052).
  STRIPE_CONNECT_WEBHOOK_SECRET: z
    .string()
    .transform((list) => list.split(",").map((secret) => secret.trim()))
    .refine(
      (secrets) => secrets.every((secret) => /^whsec_\S+$/.test(secret)),
      "must be Stripe webhook signing secrets (whsec_...), separated by commas",
    )
    .optional(),
  // Where the Stripe SDK sends its requests; only for tests against a local stand-in of the API.
  STRIPE_API_URL: z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" }).optional(),
  // Files in an S3 bucket instead of DATA_DIR/files: S3_BUCKET turns it on (see s3Options below).
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      "must be a bucket name: 3 to 63 lowercase letters, digits, dots and dashes",
    )
    .refine((name) => !name.includes(".."), "must be a bucket name: 3 to 63 lowercase letters, digits, dots and dashes")
    .optional(),
  S3_ENDPOINT: z
    .url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" })
    .refine(
      (url) => !/^https?:\/\/[^/]*@/.test(url),
      "must not hold credentials: use S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY",
    )
    .optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "must be a region name like us-east-1")
    .optional(),
  S3_ACCESS_KEY_ID: z.string().trim().min(1, "must not be empty").optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1, "must not be empty").optional(),
  S3_FORCE_PATH_STYLE: z.enum(["true", "false"], { error: "must be true or false" }).optional(),
  S3_PREFIX: z
    .string()
    .transform((prefix) => prefix.replace(/^\/+|\/+$/g, ""))
    .refine(
      (prefix) =>
        prefix === "" || prefix.split("/").every((part) => /^[A-Za-z0-9._-]+$/.test(part) && !/^\.\.?$/.test(part)),
      "must be folder names (letters, digits, dots, dashes, underscores) separated by /, like shop/files",
    )
    .optional(),
  // Business buyers' VAT numbers (decision 058): where VIES is asked (unset: the Commission's
  // service in a live shop, the shop's own stand-in in a demo one), and the shop's own EU VAT number,
  // named as the requester so that VIES gives a consultation number for each check.
  VIES_URL: z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" }).optional(),
  VIES_REQUESTER_VAT_NUMBER: z
    .string()
    .transform((input, context) => {
      const reading = readVatNumber(input);
      if (reading.ok) return { countryCode: reading.prefix, number: reading.number };
      context.issues.push({
        code: "custom",
        input,
        message: `must be the shop's own EU VAT number with its prefix, like DE123456789 (${reading.message})`,
      });
      return z.NEVER;
    })
    .optional(),
  // Tax by the buyer's place (docs/decisions/057): flat is the spec's 8% for everyone; by-location the
  // rate of the buyer's country from server/tax/rates.json, with the owner's TAX_RATES_FILE merged over it.
  TAX_MODE: z.enum(["flat", "by-location"], { error: "must be flat or by-location" }).default("flat"),
  TAX_RATES_FILE: z.string().trim().min(1, "must not be empty").optional(),
  SHOP_COUNTRY: z
    .string()
    .trim()
    .transform((code) => code.toUpperCase())
    .refine(
      isCountryCode,
      "must be the ISO 3166-1 alpha-2 code of the country the shop is established in, like DE or US",
    )
    .optional(),
  // Local currencies (docs/decisions/059): the currencies prices are shown and paid in, and the
  // daily exchange rates' file: the ECB's, another in its shape, or "sample" (the stand-in's, no request).
  SHOP_CURRENCIES: z
    .string()
    .transform((list) => [...new Set(list.split(",").map((code) => code.trim().toUpperCase()))])
    .check((check) => {
      const problem = shopCurrenciesProblem(check.value);
      if (problem) check.issues.push({ code: "custom", input: check.value, message: problem });
    })
    .optional(),
  EXCHANGE_RATES_URL: z
    .union([z.literal("sample"), z.url({ protocol: /^https?$/, error: RATES_URL_EXPECTED })], {
      error: RATES_URL_EXPECTED,
    })
    .optional(),
  // Personal data (the Privacy Policy and Terms of Service, decision 060): who runs the shop, where
  // they can be written to, and the address for questions about personal data. The pages name the
  // owner (GDPR Art. 13(1)(a)). Unset: the shop's name, no postal address, and SUPPORT_EMAIL.
  SHOP_OWNER_NAME: z.string().trim().min(1, "must not be empty").max(120, "must be at most 120 characters").optional(),
  // The owner's postal address: lines separated by semicolons, like "1 Main St; Springfield; USA".
  SHOP_OWNER_ADDRESS: semicolonLines({ most: 6, longest: 100 }).optional(),
  PRIVACY_EMAIL: z.email("must be an email address like privacy@example.com").optional(),
});

/** Why SHOP_CURRENCIES is refused, or undefined when every code is one the shop knows, the settlement's among them. */
function shopCurrenciesProblem(codes: string[]): string | undefined {
  const known = CURRENCIES.map((currency) => currency.code).join(", ");
  const unknown = codes.filter((code) => !isKnownCurrency(code));
  if (unknown.length > 0) {
    return `must be currency codes the shop knows (${known}), separated by commas: ${unknown.map((code) => JSON.stringify(code)).join(", ")} ${unknown.length === 1 ? "is" : "are"} not`;
  }
  if (!codes.includes(SETTLEMENT_CURRENCY)) {
    return `must include ${SETTLEMENT_CURRENCY}, the currency the shop settles in (its ledger, payouts and reports)`;
  }
  return undefined;
}

/** The ranges Express's `trust proxy` knows by name (proxy-addr): 127.0.0.0/8 and ::1; 169.254.0.0/16
 * and fe80::/10; 10.0.0.0/8, 172.16.0.0/12, 192.168.0.0/16 and fc00::/7. */
const TRUSTED_RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

/** Why one entry of TRUST_PROXY is refused, or undefined when it names an address, a range or a known range. */
function trustedProxyProblem(entry: string): string | undefined {
  const expected =
    "must be IP addresses or CIDR ranges of your own proxies, separated by commas (like 10.0.0.0/8 or 10.1.2.3, 10.1.2.4), or loopback, linklocal, uniquelocal";
  if (entry === "") return `${expected}: an entry is empty`;
  if (TRUSTED_RANGE_NAMES.has(entry.toLowerCase())) return undefined;
  const [address = "", prefix, ...rest] = entry.split("/");
  const version = net.isIP(address);
  if (version === 0 || address.includes("%") || rest.length > 0) return `${expected}, not ${JSON.stringify(entry)}`;
  if (prefix === undefined) return undefined;
  const bits = version === 4 ? 32 : 128;
  if (!/^\d{1,3}$/.test(prefix) || Number(prefix) > bits) {
    return `${expected}: ${JSON.stringify(entry)} needs a prefix length from 1 to ${bits} after the /`;
  }
  if (Number(prefix) === 0) return `must not trust every address (${entry}): name your own proxies' addresses`;
  return undefined;
}

/** The largest form, JSON or webhook body read when BODY_LIMIT is not set. */
const DEFAULT_BODY_LIMIT_BYTES = 1024 * 1024;

function parseSize(text: string): number {
  const [, amount, unit = "b"] = /^(\d+(?:\.\d+)?)\s*(b|kb|mb)?$/i.exec(text.trim()) ?? [];
  const factor = { b: 1, kb: 1024, mb: 1024 * 1024 }[unit.toLowerCase() as "b" | "kb" | "mb"];
  return Math.floor(Number(amount) * factor);
}

export interface Config {
  nodeEnv: "development" | "production" | "test";
  /** demo: sample catalogue and shared demo accounts that nobody can take over; live: neither. */
  shopMode: "demo" | "live";
  /** The largest body read for forms, JSON and webhooks (uploads have their own caps). */
  bodyLimitBytes: number;
  port: number;
  host: string;
  /** Whose X-Forwarded-For and X-Forwarded-Proto Express believes (`trust proxy`, from TRUST_PROXY). */
  trustProxy: string[];
  dataDir: string; // absolute
  databaseUrl: string | undefined;
  /** A read replica of DATABASE_URL for the public catalogue's reads; undefined: those read DATABASE_URL too. */
  databaseReadUrl: string | undefined;
  publicUrl: string;
  shopName: string;
  logLevel: string;
  /** Signs session cookies; generated once and kept in the database when not set. */
  authSecret: string | undefined;
  /** Google sign-in; `issuer` is Google's, or a local OpenID Connect provider in tests. */
  google: { clientId: string; clientSecret: string; issuer: string } | undefined;
  /** Outgoing mail: SMTP when set, else .eml files in DATA_DIR/outbox. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** The address shoppers write to for help (SUPPORT_EMAIL). */
  supportEmail: string;
  /** The support hours shown, line by line (SUPPORT_HOURS; a demo shop shows its sample hours); empty: none shown. */
  supportHours: readonly string[];
  /** Where shoppers open a live chat (LIVE_CHAT_URL); undefined: none is offered. */
  liveChatUrl: string | undefined;
  /** Whether this server runs background jobs (receipts, webhook deliveries), or only serves requests. */
  runJobs: boolean;
  /** The secret of the email provider's bounce and complaint reports (EMAIL_EVENTS_SECRET); undefined: not taken. */
  emailEventsSecret: string | undefined;
  /**
   * Who takes payments and pays the sellers: the shop's own hosted stand-ins, or Stripe (Checkout,
   * and Connect for the sellers' accounts, whose events are signed with `connectWebhookSecrets`).
   */
  payments:
    | { provider: "hosted" }
    | {
        provider: "stripe";
        secretKey: string;
        webhookSecret: string;
        connectWebhookSecrets: string[];
        apiUrl?: string;
      };
  /** How and when sellers are paid (PAYOUT_RAIL, PAYOUT_HOLD_DAYS, PAYOUT_ACCOUNT_CHANGE_PAUSE_HOURS). */
  payouts: PayoutPolicy;
  /** The S3 bucket that keeps the shop's files; undefined: DATA_DIR/files. */
  s3: S3FileStoreOptions | undefined;
  /** Prometheus metrics: their own listener and/or a bearer token for /metrics on PORT; undefined: none. */
  metrics: MetricsOptions | undefined;
  /**
   * Where business buyers' VAT numbers are checked (VIES_URL, VIES_REQUESTER_VAT_NUMBER); `standIn`:
   * this shop serves the VIES stand-in itself and asks it (a demo shop without VIES_URL).
   */
  vies: ViesOptions & { standIn: boolean };
  /** How tax is charged (TAX_MODE), the rate table (ours with TAX_RATES_FILE over it), the shop's country. */
  tax: { mode: TaxMode; rates: TaxRateTable; shopCountry: string | undefined };
  /** The currencies prices are shown and paid in (SHOP_CURRENCIES), and the exchange rates' feed. */
  currencies: CurrencySettings;
  /** Who runs the shop and who gets personal data, as the Privacy Policy and Terms say (decision 060). */
  privacy: PrivacySettings;
}

export interface CurrencySettings {
  /** Codes of shared/currencies.json, the settlement currency among them. */
  sold: readonly string[];
  /** Where the daily rates are read (EXCHANGE_RATES_URL): a URL, or the stand-in's sample file. */
  ratesFeed: RatesFeed;
}

export type RatesFeed = { kind: "url"; url: string } | { kind: "sample" };

/** The European Central Bank's daily euro reference rates: a live shop's feed when EXCHANGE_RATES_URL is unset. */
const ECB_DAILY_RATES_URL = "https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml";

export interface PayoutPolicy {
  rail: "transfer" | "manual";
  holdDays: number;
  accountChangePauseHours: number;
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

// Empty strings count as unset, as in most shells' `VAR= command`.
function withoutEmpty(env: Record<string, string | undefined>) {
  return Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ""));
}

export function parseConfig(env: Record<string, string | undefined> = process.env): Config {
  const result = envSchema.safeParse(withoutEmpty(env));
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const value = result.data;
  if (Boolean(value.GOOGLE_CLIENT_ID) !== Boolean(value.GOOGLE_CLIENT_SECRET)) {
    throw new ConfigError("Invalid configuration:\n  GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET: set both, or neither");
  }
  if (
    value.PAYMENT_PROVIDER === "stripe" &&
    !(value.STRIPE_SECRET_KEY && value.STRIPE_WEBHOOK_SECRET && value.STRIPE_CONNECT_WEBHOOK_SECRET)
  ) {
    throw new ConfigError(
      "Invalid configuration:\n  PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and STRIPE_CONNECT_WEBHOOK_SECRET (the signing secret of the Connect events' destination, for the sellers' payout accounts)",
    );
  }
  if (value.DATABASE_READ_URL && !value.DATABASE_URL) {
    throw new ConfigError(
      "Invalid configuration:\n  DATABASE_READ_URL: means nothing without DATABASE_URL (set DATABASE_URL to the server the replica follows; the embedded database has no replica)",
    );
  }
  const s3 = s3Options(value);
  const port = value.PORT;
  const shopMode = value.SHOP_MODE ?? (value.DATABASE_URL ? "live" : "demo");
  const publicUrl = (value.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, "");
  return {
    nodeEnv: value.NODE_ENV,
    shopMode,
    bodyLimitBytes: value.BODY_LIMIT ?? DEFAULT_BODY_LIMIT_BYTES,
    port,
    host: value.HOST,
    trustProxy: value.TRUST_PROXY,
    dataDir: path.resolve(value.DATA_DIR),
    databaseUrl: value.DATABASE_URL,
    databaseReadUrl: value.DATABASE_READ_URL,
    publicUrl,
    shopName: value.SHOP_NAME,
    logLevel: value.LOG_LEVEL,
    authSecret: value.AUTH_SECRET,
    smtpUrl: value.SMTP_URL,
    mailFrom:
      value.MAIL_FROM ??
      `"${value.SHOP_NAME.replaceAll('"', "")}" <no-reply@${new URL(value.PUBLIC_URL ?? "http://localhost").hostname}>`,
    supportEmail: value.SUPPORT_EMAIL ?? `support@${new URL(value.PUBLIC_URL ?? "http://localhost").hostname}`,
    // A live shop states only the hours it configured; the demo shows its sample hours.
    supportHours: value.SUPPORT_HOURS ?? (shopMode === "demo" ? SUPPORT_HOURS : []),
    liveChatUrl: value.LIVE_CHAT_URL,
    google:
      value.GOOGLE_CLIENT_ID && value.GOOGLE_CLIENT_SECRET
        ? {
            clientId: value.GOOGLE_CLIENT_ID,
            clientSecret: value.GOOGLE_CLIENT_SECRET,
            issuer: value.GOOGLE_ISSUER.replace(/\/+$/, ""),
          }
        : undefined,
    runJobs: value.RUN_JOBS === "true",
    emailEventsSecret: value.EMAIL_EVENTS_SECRET,
    payments:
      value.PAYMENT_PROVIDER === "stripe"
        ? {
            provider: "stripe",
            secretKey: value.STRIPE_SECRET_KEY!,
            webhookSecret: value.STRIPE_WEBHOOK_SECRET!,
            connectWebhookSecrets: value.STRIPE_CONNECT_WEBHOOK_SECRET!,
            apiUrl: value.STRIPE_API_URL,
          }
        : { provider: "hosted" },
    payouts: {
      rail: value.PAYOUT_RAIL,
      holdDays: value.PAYOUT_HOLD_DAYS,
      accountChangePauseHours: value.PAYOUT_ACCOUNT_CHANGE_PAUSE_HOURS,
    },
    s3,
    metrics: metricsOptions(value),
    vies: viesOptions(value, shopMode, publicUrl),
    tax: { mode: value.TAX_MODE, rates: taxRates(value.TAX_RATES_FILE), shopCountry: value.SHOP_COUNTRY },
    currencies: {
      sold: value.SHOP_CURRENCIES ?? DEFAULT_SHOP_CURRENCIES,
      ratesFeed: ratesFeedOf(value.EXCHANGE_RATES_URL, shopMode, value.NODE_ENV),
    },
    privacy: privacySettings(value, shopMode),
  };
}

/** The owner's details and the outside services the shop's configuration passes personal data to. */
function privacySettings(value: z.infer<typeof envSchema>, shopMode: "demo" | "live"): PrivacySettings {
  const host = new URL(value.PUBLIC_URL ?? "http://localhost").hostname;
  const processors: DataProcessor[] = [];
  if (value.PAYMENT_PROVIDER === "stripe") processors.push("stripe");
  if (value.SMTP_URL) processors.push("email");
  if (value.GOOGLE_CLIENT_ID) processors.push("google");
  if (value.S3_BUCKET) processors.push("file-storage");
  return {
    shopMode,
    ownerName: value.SHOP_OWNER_NAME ?? value.SHOP_NAME,
    ownerAddress: value.SHOP_OWNER_ADDRESS ?? [],
    privacyEmail: value.PRIVACY_EMAIL ?? value.SUPPORT_EMAIL ?? `support@${host}`,
    processors,
  };
}

/** VIES_URL, or else the Commission's service for a live shop and the shop's own stand-in for a demo one. */
function viesOptions(value: z.infer<typeof envSchema>, shopMode: "demo" | "live", publicUrl: string): Config["vies"] {
  const standIn = value.VIES_URL === undefined && shopMode === "demo";
  return {
    baseUrl: (value.VIES_URL ?? (standIn ? `${publicUrl}${VIES_STAND_IN_PATH}` : OFFICIAL_VIES_URL)).replace(
      /\/+$/,
      "",
    ),
    requester: value.VIES_REQUESTER_VAT_NUMBER,
    standIn,
  };
}

/** The rate table, checked whole: a typo in ours or the owner's file stops the server, naming the entry. */
function taxRates(overrideFile: string | undefined): TaxRateTable {
  try {
    return loadTaxRates({ overrideFile });
  } catch (error) {
    if (error instanceof TaxRatesError)
      throw new ConfigError(`Invalid configuration:\n  ${error.message.replaceAll("\n", "\n  ")}`);
    throw error;
  }
}

/**
 * The rates' feed: the one named; unset, the stand-in's sample file in a demo shop and under test
 * (neither may reach the internet), the ECB's in a live shop.
 */
function ratesFeedOf(url: string | undefined, shopMode: "demo" | "live", nodeEnv: string): RatesFeed {
  if (url === "sample") return { kind: "sample" };
  if (url) return { kind: "url", url };
  return shopMode === "demo" || nodeEnv === "test" ? { kind: "sample" } : { kind: "url", url: ECB_DAILY_RATES_URL };
}

const S3_SETTINGS = [
  "S3_ENDPOINT",
  "S3_REGION",
  "S3_ACCESS_KEY_ID",
  "S3_SECRET_ACCESS_KEY",
  "S3_FORCE_PATH_STYLE",
  "S3_PREFIX",
] as const;

/** All or nothing: S3_BUCKET turns S3 on, the other S3_ variables mean nothing without it. */
function s3Options(value: z.infer<typeof envSchema>): S3FileStoreOptions | undefined {
  const stray = S3_SETTINGS.filter((name) => value[name] !== undefined);
  if (!value.S3_BUCKET) {
    if (stray.length === 0) return undefined;
    throw new ConfigError(
      `Invalid configuration:\n  S3_BUCKET: must be set when ${stray.join(", ")} ${stray.length === 1 ? "is" : "are"} (set S3_BUCKET to keep files in S3, or unset the S3_ variables to keep them in DATA_DIR/files)`,
    );
  }
  if (Boolean(value.S3_ACCESS_KEY_ID) !== Boolean(value.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError(
      "Invalid configuration:\n  S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both, or neither (the AWS SDK's own credentials are then used)",
    );
  }
  return {
    bucket: value.S3_BUCKET,
    region: value.S3_REGION ?? "us-east-1",
    endpoint: value.S3_ENDPOINT?.replace(/\/+$/, ""),
    credentials:
      value.S3_ACCESS_KEY_ID && value.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: value.S3_ACCESS_KEY_ID, secretAccessKey: value.S3_SECRET_ACCESS_KEY }
        : undefined,
    // Self-hosted stores (MinIO and most others) want path-style addresses; Amazon S3 virtual-hosted ones.
    forcePathStyle: value.S3_FORCE_PATH_STYLE ? value.S3_FORCE_PATH_STYLE === "true" : Boolean(value.S3_ENDPOINT),
    prefix: value.S3_PREFIX ? `${value.S3_PREFIX}/` : "",
  };
}

export interface MetricsOptions {
  /** A separate HTTP server that answers /metrics (default host 127.0.0.1). */
  listen: { host: string; port: number } | undefined;
  /** When set, /metrics on the shop's own port answers a request with `Authorization: Bearer <token>`. */
  token: string | undefined;
}

function metricsOptions(value: z.infer<typeof envSchema>): MetricsOptions | undefined {
  if (value.METRICS_HOST !== undefined && value.METRICS_PORT === undefined) {
    throw new ConfigError("Invalid configuration:\n  METRICS_HOST: means nothing without METRICS_PORT");
  }
  if (value.METRICS_PORT !== undefined && value.METRICS_PORT === value.PORT) {
    throw new ConfigError("Invalid configuration:\n  METRICS_PORT: must differ from PORT");
  }
  if (value.METRICS_PORT === undefined && value.METRICS_TOKEN === undefined) return undefined;
  return {
    listen:
      value.METRICS_PORT === undefined
        ? undefined
        : { host: value.METRICS_HOST ?? "127.0.0.1", port: value.METRICS_PORT },
    token: value.METRICS_TOKEN,
  };
}
