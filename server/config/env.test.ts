import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "./env.ts";

describe("parseConfig", () => {
  it("has defaults for everything", () => {
    const config = parseConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe("0.0.0.0");
    expect(config.dataDir).toBe(path.resolve("data"));
    expect(config.databaseUrl).toBeUndefined();
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

  it("treats empty values as unset", () => {
    expect(parseConfig({ PORT: "", DATABASE_URL: "" })).toMatchObject({ port: 3000, databaseUrl: undefined });
  });

  it.each([
    ["PORT", "abc", "PORT: must be a number"],
    ["PORT", "70000", "PORT: must be between 0 and 65535"],
    ["PORT", "3.5", "PORT: must be a whole number"],
    ["DATABASE_URL", "mysql://x@y/z", "DATABASE_URL: must be a postgres:// or postgresql:// URL"],
    ["PUBLIC_URL", "shop.example", "PUBLIC_URL: must be an http:// or https:// URL"],
    ["SHOP_NAME", "   ", "SHOP_NAME: must not be empty"],
  ])("rejects %s=%s with a message naming it", (name, value, message) => {
    expect(() => parseConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => parseConfig({ [name]: value })).toThrow(message);
  });

  it("takes payments on the hosted page unless Stripe is chosen, and then needs both Stripe secrets", () => {
    expect(parseConfig({}).payments).toEqual({ provider: "hosted" });
    expect(() => parseConfig({ PAYMENT_PROVIDER: "stripe", STRIPE_SECRET_KEY: "sk_test_1" })).toThrow(
      "PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET",
    );
    expect(() => parseConfig({ PAYMENT_PROVIDER: "paypal" })).toThrow("PAYMENT_PROVIDER: must be hosted or stripe");
    expect(
      parseConfig({ PAYMENT_PROVIDER: "stripe", STRIPE_SECRET_KEY: "sk_test_1", STRIPE_WEBHOOK_SECRET: "whsec_2" })
        .payments,
    ).toEqual({ provider: "stripe", secretKey: "sk_test_1", webhookSecret: "whsec_2", apiUrl: undefined });
  });

  it("runs background jobs unless RUN_JOBS=false", () => {
    expect(parseConfig({}).runJobs).toBe(true);
    expect(parseConfig({ RUN_JOBS: "false" }).runJobs).toBe(false);
    expect(() => parseConfig({ RUN_JOBS: "no" })).toThrow("RUN_JOBS: must be true or false");
  });
});
