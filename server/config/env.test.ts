import path from "node:path";
import express from "express";
import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "./env.ts";

describe("parseConfig", () => {
  it("has defaults for everything", () => {
    const config = parseConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe("0.0.0.0");
    expect(config.dataDir).toBe(path.resolve("data"));
    expect(config.databaseUrl).toBeUndefined();
    expect(config.databaseReadUrl).toBeUndefined();
    expect(config.publicUrl).toBe("http://localhost:3000");
    expect(config.shopName).toBe("Digital Goods Market");
  });

  it("reads every variable", () => {
    const config = parseConfig({
      PORT: "8080",
      HOST: "127.0.0.1",
      DATA_DIR: "/srv/shop",
      DATABASE_URL: "postgresql://shop@db.internal:5432/shop",
      PUBLIC_URL: "https://shop.example/",
      SHOP_NAME: "Paper & Pixel",
    });
    expect(config).toMatchObject({
      port: 8080,
      host: "127.0.0.1",
      dataDir: "/srv/shop",
      databaseUrl: "postgresql://shop@db.internal:5432/shop",
      publicUrl: "https://shop.example",
      shopName: "Paper & Pixel",
    });
  });

  it("shows the support hours configured, else the storefront's in a demo shop and none in a live one", () => {
    expect(parseConfig({ SHOP_MODE: "demo" }).supportHours).toEqual([
      "Mon-Fri 9AM-6PM EST",
      "Sat 10AM-4PM EST",
      "Sun closed",
    ]);
    expect(parseConfig({ SHOP_MODE: "live" }).supportHours).toEqual([]);
    expect(parseConfig({ DATABASE_URL: "postgres://db.example/shop" }).supportHours).toEqual([]);
    expect(
      parseConfig({ SHOP_MODE: "live", SUPPORT_HOURS: " Mon-Fri 8:00-16:00 CET ;; Sat-Sun closed; " }).supportHours,
    ).toEqual(["Mon-Fri 8:00-16:00 CET", "Sat-Sun closed"]);
    expect(() => parseConfig({ SUPPORT_HOURS: ";" })).toThrow("SUPPORT_HOURS: must be 1 to 7 lines");
    expect(() => parseConfig({ SUPPORT_HOURS: "x".repeat(61) })).toThrow(
      "SUPPORT_HOURS: must have lines of at most 60",
    );
  });

  it("offers a live chat only at LIVE_CHAT_URL", () => {
    expect(parseConfig({ SHOP_MODE: "live" }).liveChatUrl).toBeUndefined();
    expect(parseConfig({ LIVE_CHAT_URL: "https://chat.example/shop" }).liveChatUrl).toBe("https://chat.example/shop");
    expect(() => parseConfig({ LIVE_CHAT_URL: "javascript:alert(1)" })).toThrow("LIVE_CHAT_URL: must be an http");
  });

  it("names a support address: SUPPORT_EMAIL, else support@ the host of PUBLIC_URL", () => {
    expect(parseConfig({}).supportEmail).toBe("support@localhost");
    expect(parseConfig({ PUBLIC_URL: "https://shop.example/" }).supportEmail).toBe("support@shop.example");
    expect(parseConfig({ SUPPORT_EMAIL: "help@paper.example" }).supportEmail).toBe("help@paper.example");
    expect(() => parseConfig({ SUPPORT_EMAIL: "help" })).toThrow("SUPPORT_EMAIL: must be an email address");
  });

  it("runs a demo shop on the embedded database and a live one on DATABASE_URL, unless SHOP_MODE says", () => {
    expect(parseConfig({}).shopMode).toBe("demo");
    expect(parseConfig({ DATABASE_URL: "postgresql://db/shop" }).shopMode).toBe("live");
    expect(parseConfig({ SHOP_MODE: "live" }).shopMode).toBe("live");
    expect(parseConfig({ DATABASE_URL: "postgresql://db/shop", SHOP_MODE: "demo" }).shopMode).toBe("demo");
    expect(() => parseConfig({ SHOP_MODE: "test" })).toThrow("SHOP_MODE: must be demo or live");
  });

  it("bounds request bodies at 1 MB unless BODY_LIMIT says otherwise", () => {
    expect(parseConfig({}).bodyLimitBytes).toBe(1024 * 1024);
    expect(parseConfig({ BODY_LIMIT: "512kb" }).bodyLimitBytes).toBe(512 * 1024);
    expect(parseConfig({ BODY_LIMIT: "2MB" }).bodyLimitBytes).toBe(2 * 1024 * 1024);
    expect(parseConfig({ BODY_LIMIT: "65536" }).bodyLimitBytes).toBe(65536);
    expect(() => parseConfig({ BODY_LIMIT: "lots" })).toThrow("BODY_LIMIT: must be a size like 1mb");
    expect(() => parseConfig({ BODY_LIMIT: "10" })).toThrow("BODY_LIMIT: must be between 1kb and 100mb");
    expect(() => parseConfig({ BODY_LIMIT: "1gb" })).toThrow("BODY_LIMIT: must be a size like 1mb");
  });

  it("reads the catalogue from DATABASE_READ_URL, a replica of DATABASE_URL, which it needs", () => {
    const env = {
      DATABASE_URL: "postgresql://shop@db.internal:5432/shop",
      DATABASE_READ_URL: "postgres://shop@replica.internal:5432/shop",
    };
    expect(parseConfig(env)).toMatchObject({
      databaseUrl: "postgresql://shop@db.internal:5432/shop",
      databaseReadUrl: "postgres://shop@replica.internal:5432/shop",
    });
    expect(parseConfig({ DATABASE_URL: env.DATABASE_URL }).databaseReadUrl).toBeUndefined();
    expect(() => parseConfig({ DATABASE_READ_URL: env.DATABASE_READ_URL })).toThrow(ConfigError);
    expect(() => parseConfig({ DATABASE_READ_URL: env.DATABASE_READ_URL })).toThrow(
      "Invalid configuration:\n  DATABASE_READ_URL: means nothing without DATABASE_URL (set DATABASE_URL to the server the replica follows; the embedded database has no replica)",
    );
    // Empty counts as unset, as everywhere else.
    expect(parseConfig({ DATABASE_READ_URL: "" }).databaseReadUrl).toBeUndefined();
    expect(() => parseConfig({ DATABASE_URL: env.DATABASE_URL, DATABASE_READ_URL: "mysql://x@y/z" })).toThrow(
      "DATABASE_READ_URL: must be a postgres:// or postgresql:// URL",
    );
  });

  it("treats empty values as unset", () => {
    expect(parseConfig({ PORT: "", DATABASE_URL: "" })).toMatchObject({ port: 3000, databaseUrl: undefined });
  });

  it.each([
    ["PORT", "abc", "PORT: must be a number"],
    ["PORT", "70000", "PORT: must be between 0 and 65535"],
    ["PORT", "3.5", "PORT: must be a whole number"],
    ["DATABASE_URL", "mysql://x@y/z", "DATABASE_URL: must be a postgres:// or postgresql:// URL"],
    ["DATABASE_READ_URL", "replica.internal/shop", "DATABASE_READ_URL: must be a postgres:// or postgresql:// URL"],
    ["PUBLIC_URL", "shop.example", "PUBLIC_URL: must be an http:// or https:// URL"],
    ["SHOP_NAME", "   ", "SHOP_NAME: must not be empty"],
  ])("rejects %s=%s with a message naming it", (name, value, message) => {
    expect(() => parseConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => parseConfig({ [name]: value })).toThrow(message);
  });

  it("believes X-Forwarded-For from loopback unless TRUST_PROXY names the proxies", () => {
    expect(parseConfig({}).trustProxy).toEqual(["loopback"]);
    expect(parseConfig({ TRUST_PROXY: "" }).trustProxy).toEqual(["loopback"]);
    expect(parseConfig({ TRUST_PROXY: "10.0.0.0/8" }).trustProxy).toEqual(["10.0.0.0/8"]);
    expect(parseConfig({ TRUST_PROXY: "10.1.2.3, 10.1.2.4" }).trustProxy).toEqual(["10.1.2.3", "10.1.2.4"]);
    expect(parseConfig({ TRUST_PROXY: "Loopback,uniquelocal, linklocal" }).trustProxy).toEqual([
      "loopback",
      "uniquelocal",
      "linklocal",
    ]);
    expect(parseConfig({ TRUST_PROXY: "2001:db8::1, fd00::/8, 192.168.0.0/16" }).trustProxy).toEqual([
      "2001:db8::1",
      "fd00::/8",
      "192.168.0.0/16",
    ]);
    // Each is a value Express takes as it is.
    const app = express();
    for (const value of ["loopback", "10.0.0.0/8", "10.1.2.3, 10.1.2.4", "::1, fd00::/8, uniquelocal, 172.16.0.0/12"]) {
      expect(() => app.set("trust proxy", parseConfig({ TRUST_PROXY: value }).trustProxy)).not.toThrow();
    }
  });

  it.each([
    // Express's own forms that trust every address, or whatever the nearest hops say.
    ["true", 'not "true"'],
    ["1", 'not "1"'],
    ["*", 'not "*"'],
    ["0.0.0.0/0", "must not trust every address (0.0.0.0/0)"],
    ["::/0", "must not trust every address (::/0)"],
    ["garbage", 'not "garbage"'],
    ["10.0.0", 'not "10.0.0"'],
    ["10.0.0.0/33", '"10.0.0.0/33" needs a prefix length from 1 to 32 after the /'],
    ["fd00::/129", '"fd00::/129" needs a prefix length from 1 to 128 after the /'],
    ["10.0.0.0/", '"10.0.0.0/" needs a prefix length from 1 to 32 after the /'],
    ["10.0.0.0/8/8", 'not "10.0.0.0/8/8"'],
    ["10.1.2.3,,10.1.2.4", "an entry is empty"],
  ])("refuses TRUST_PROXY=%s", (value, detail) => {
    expect(() => parseConfig({ TRUST_PROXY: value })).toThrow(ConfigError);
    expect(() => parseConfig({ TRUST_PROXY: value })).toThrow(
      detail.startsWith("must")
        ? `TRUST_PROXY: ${detail}`
        : "TRUST_PROXY: must be IP addresses or CIDR ranges of your own proxies, separated by commas (like 10.0.0.0/8 or 10.1.2.3, 10.1.2.4), or loopback, linklocal, uniquelocal",
    );
    expect(() => parseConfig({ TRUST_PROXY: value })).toThrow(detail);
  });

  it("takes payments on the hosted page unless Stripe is chosen, and then needs the three Stripe secrets", () => {
    expect(parseConfig({}).payments).toEqual({ provider: "hosted" });
    const needs =
      "PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and STRIPE_CONNECT_WEBHOOK_SECRET";
    expect(() => parseConfig({ PAYMENT_PROVIDER: "stripe", STRIPE_SECRET_KEY: "sk_test_1" })).toThrow(needs);
    expect(() =>
      parseConfig({ PAYMENT_PROVIDER: "stripe", STRIPE_SECRET_KEY: "sk_test_1", STRIPE_WEBHOOK_SECRET: "whsec_2" }),
    ).toThrow(needs);
    expect(() => parseConfig({ PAYMENT_PROVIDER: "paypal" })).toThrow("PAYMENT_PROVIDER: must be hosted or stripe");
    const stripe = { PAYMENT_PROVIDER: "stripe", STRIPE_SECRET_KEY: "sk_test_1", STRIPE_WEBHOOK_SECRET: "whsec_2" };
    expect(parseConfig({ ...stripe, STRIPE_CONNECT_WEBHOOK_SECRET: "whsec_3" }).payments).toEqual({
      provider: "stripe",
      secretKey: "sk_test_1",
      webhookSecret: "whsec_2",
      connectWebhookSecrets: ["whsec_3"],
      apiUrl: undefined,
    });
    // The thin and the snapshot destination each sign with their own secret.
    expect(parseConfig({ ...stripe, STRIPE_CONNECT_WEBHOOK_SECRET: "whsec_3, whsec_4" }).payments).toMatchObject({
      connectWebhookSecrets: ["whsec_3", "whsec_4"],
    });
    expect(() => parseConfig({ ...stripe, STRIPE_CONNECT_WEBHOOK_SECRET: "sk_test_3" })).toThrow(
      "STRIPE_CONNECT_WEBHOOK_SECRET: must be Stripe webhook signing secrets (whsec_...), separated by commas",
    );
  });

  it("runs background jobs unless RUN_JOBS=false", () => {
    expect(parseConfig({}).runJobs).toBe(true);
    expect(parseConfig({ RUN_JOBS: "false" }).runJobs).toBe(false);
    expect(() => parseConfig({ RUN_JOBS: "no" })).toThrow("RUN_JOBS: must be true or false");
  });
});

describe("the file store settings", () => {
  it("keeps files in DATA_DIR/files unless S3_BUCKET is set", () => {
    expect(parseConfig({}).s3).toBeUndefined();
    expect(parseConfig({ S3_BUCKET: "shop-files" }).s3).toEqual({
      bucket: "shop-files",
      region: "us-east-1",
      endpoint: undefined,
      credentials: undefined, // the AWS SDK's own chain: AWS_* variables, an instance role
      forcePathStyle: false,
      prefix: "",
    });
  });

  it("reads every S3 variable; an endpoint means path-style addresses unless told otherwise", () => {
    const s3 = {
      S3_BUCKET: "shop.files-2026",
      S3_ENDPOINT: "http://minio.internal:9000/",
      S3_REGION: "eu-central-1",
      S3_ACCESS_KEY_ID: "shop",
      S3_SECRET_ACCESS_KEY: "a secret / with + signs",
      S3_PREFIX: "/prod/files/",
    };
    expect(parseConfig(s3).s3).toEqual({
      bucket: "shop.files-2026",
      region: "eu-central-1",
      endpoint: "http://minio.internal:9000",
      credentials: { accessKeyId: "shop", secretAccessKey: "a secret / with + signs" },
      forcePathStyle: true,
      prefix: "prod/files/",
    });
    expect(parseConfig({ ...s3, S3_FORCE_PATH_STYLE: "false" }).s3?.forcePathStyle).toBe(false);
    expect(parseConfig({ S3_BUCKET: "shop-files", S3_FORCE_PATH_STYLE: "true" }).s3?.forcePathStyle).toBe(true);
  });

  it.each([
    ["S3_BUCKET", "Shop_Files", "S3_BUCKET: must be a bucket name"],
    ["S3_BUCKET", "ab", "S3_BUCKET: must be a bucket name"],
    ["S3_BUCKET", "shop..files", "S3_BUCKET: must be a bucket name"],
    ["S3_ENDPOINT", "minio:9000", "S3_ENDPOINT: must be an http:// or https:// URL"],
    ["S3_ENDPOINT", "http://key:secret@minio:9000", "S3_ENDPOINT: must not hold credentials"],
    ["S3_REGION", "EU Central", "S3_REGION: must be a region name like us-east-1"],
    ["S3_FORCE_PATH_STYLE", "yes", "S3_FORCE_PATH_STYLE: must be true or false"],
    ["S3_PREFIX", "shop/../etc", "S3_PREFIX: must be folder names"],
    ["S3_PREFIX", "shop//files", "S3_PREFIX: must be folder names"],
  ])("rejects %s=%s with a message naming it", (name, value, message) => {
    const env = { S3_BUCKET: "shop-files", [name]: value };
    expect(() => parseConfig(env)).toThrow(ConfigError);
    expect(() => parseConfig(env)).toThrow(message);
  });

  it("refuses S3 settings without a bucket, and one half of a key pair", () => {
    expect(() => parseConfig({ S3_ENDPOINT: "http://minio:9000", S3_REGION: "eu-west-1" })).toThrow(
      "S3_BUCKET: must be set when S3_ENDPOINT, S3_REGION are (set S3_BUCKET to keep files in S3, or unset the S3_ variables to keep them in DATA_DIR/files)",
    );
    expect(() => parseConfig({ S3_PREFIX: "shop" })).toThrow("S3_BUCKET: must be set when S3_PREFIX is");
    expect(() => parseConfig({ S3_BUCKET: "shop-files", S3_ACCESS_KEY_ID: "shop" })).toThrow(
      "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both, or neither",
    );
    expect(() => parseConfig({ S3_BUCKET: "shop-files", S3_SECRET_ACCESS_KEY: "secret" })).toThrow(
      "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both, or neither",
    );
    // Empty values count as unset, as everywhere else.
    expect(parseConfig({ S3_BUCKET: "", S3_ENDPOINT: "", S3_PREFIX: "" }).s3).toBeUndefined();
  });

  it("names the shop's owner for the Privacy Policy and Terms: the shop and its support address unless set", () => {
    expect(parseConfig({ SHOP_NAME: "Paper & Pixel", PUBLIC_URL: "https://shop.example" }).privacy).toEqual({
      shopMode: "demo",
      ownerName: "Paper & Pixel",
      ownerAddress: [],
      privacyEmail: "support@shop.example",
      processors: [],
    });
    expect(parseConfig({ SUPPORT_EMAIL: "help@shop.example" }).privacy.privacyEmail).toBe("help@shop.example");
    const set = parseConfig({
      SHOP_OWNER_NAME: " Paper & Pixel Ltd ",
      SHOP_OWNER_ADDRESS: "1 Market Street; Leeds LS1 1AA ;United Kingdom",
      PRIVACY_EMAIL: "privacy@shop.example",
      DATABASE_URL: "postgresql://shop@db.internal:5432/shop",
    }).privacy;
    expect(set).toMatchObject({
      shopMode: "live",
      ownerName: "Paper & Pixel Ltd",
      ownerAddress: ["1 Market Street", "Leeds LS1 1AA", "United Kingdom"],
      privacyEmail: "privacy@shop.example",
    });
    expect(() => parseConfig({ PRIVACY_EMAIL: "privacy" })).toThrow("PRIVACY_EMAIL: must be an email address");
    expect(() => parseConfig({ SHOP_OWNER_ADDRESS: ";;" })).toThrow("SHOP_OWNER_ADDRESS: must be 1 to 6 lines");
    expect(() => parseConfig({ SHOP_OWNER_ADDRESS: "a;b;c;d;e;f;g" })).toThrow(
      "SHOP_OWNER_ADDRESS: must be 1 to 6 lines",
    );
    expect(() => parseConfig({ SHOP_OWNER_ADDRESS: "x".repeat(101) })).toThrow(
      "SHOP_OWNER_ADDRESS: must have lines of at most 100 characters each",
    );
    expect(() => parseConfig({ SHOP_OWNER_NAME: "x".repeat(121) })).toThrow(
      "SHOP_OWNER_NAME: must be at most 120 characters",
    );
  });

  it("lists the outside services its configuration passes personal data to", () => {
    const privacy = parseConfig({
      PAYMENT_PROVIDER: "stripe",
      STRIPE_SECRET_KEY: "sk_test_1",
      STRIPE_WEBHOOK_SECRET: "whsec_1",
      STRIPE_CONNECT_WEBHOOK_SECRET: "whsec_2",
      SMTP_URL: "smtp://mail.internal:587",
      GOOGLE_CLIENT_ID: "id",
      GOOGLE_CLIENT_SECRET: "secret",
      S3_BUCKET: "shop-files",
    }).privacy;
    expect(privacy.processors).toEqual(["stripe", "email", "google", "file-storage"]);
  });
});

describe("the currency settings (docs/decisions/059)", () => {
  it("sell in the six currencies by default, with the sample rates in a demo shop and under test, the ECB's in a live one", () => {
    expect(parseConfig({ SHOP_MODE: "demo" }).currencies).toEqual({
      sold: ["USD", "EUR", "GBP", "CAD", "AUD", "JPY"],
      ratesFeed: { kind: "sample" },
    });
    expect(parseConfig({ SHOP_MODE: "live", NODE_ENV: "test" }).currencies.ratesFeed).toEqual({ kind: "sample" });
    expect(parseConfig({ SHOP_MODE: "live" }).currencies.ratesFeed).toEqual({
      kind: "url",
      url: "https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml",
    });
  });

  it("read SHOP_CURRENCIES in any case and order, each once, and EXCHANGE_RATES_URL", () => {
    const config = parseConfig({
      SHOP_CURRENCIES: "eur, USD,jpy,EUR",
      EXCHANGE_RATES_URL: "http://rates.internal/eurofxref-daily.xml",
      SHOP_MODE: "demo",
    });
    expect(config.currencies).toEqual({
      sold: ["EUR", "USD", "JPY"],
      ratesFeed: { kind: "url", url: "http://rates.internal/eurofxref-daily.xml" },
    });
    expect(parseConfig({ EXCHANGE_RATES_URL: "sample", SHOP_MODE: "live" }).currencies.ratesFeed).toEqual({
      kind: "sample",
    });
  });

  it.each([
    [
      "SHOP_CURRENCIES",
      "USD,EUR,XYZ",
      'SHOP_CURRENCIES: must be currency codes the shop knows (USD, EUR, GBP, CAD, AUD, JPY, NZD, CHF, SEK, NOK, DKK, PLN), separated by commas: "XYZ" is not',
    ],
    ["SHOP_CURRENCIES", "USD,,EUR", "SHOP_CURRENCIES: must be currency codes the shop knows"],
    [
      "SHOP_CURRENCIES",
      "EUR,GBP",
      "SHOP_CURRENCIES: must include USD, the currency the shop settles in (its ledger, payouts and reports)",
    ],
    [
      "EXCHANGE_RATES_URL",
      "ftp://rates.internal/x.xml",
      'EXCHANGE_RATES_URL: must be an http:// or https:// URL, or "sample"',
    ],
    ["EXCHANGE_RATES_URL", "samples", 'EXCHANGE_RATES_URL: must be an http:// or https:// URL, or "sample"'],
  ])("rejects %s=%s with a message naming it", (name, value, message) => {
    expect(() => parseConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => parseConfig({ [name]: value })).toThrow(message);
  });
});
