-- Licence tiers (issue 17): a product's Commercial and Extended prices, the cart line's tier, and
-- a licence record per paid order item with its history. The keys issued so far move from
-- order_items.license_key to their licence, under the terms version of the time.
CREATE TABLE "license_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"license_id" integer NOT NULL,
	"kind" text NOT NULL,
	"tier" text NOT NULL,
	"seats" integer NOT NULL,
	"order_item_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "license_changes_kind_known" CHECK ("license_changes"."kind" IN ('issued', 'upgraded', 'revoked'))
);
--> statement-breakpoint
CREATE TABLE "licenses" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"order_item_id" integer NOT NULL,
	"tier" text NOT NULL,
	"seats" integer NOT NULL,
	"terms_version" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "licenses_key_unique" UNIQUE("key"),
	CONSTRAINT "licenses_order_item_id_unique" UNIQUE("order_item_id"),
	CONSTRAINT "licenses_tier_known" CHECK ("licenses"."tier" IN ('personal', 'commercial', 'extended')),
	CONSTRAINT "licenses_seats_range" CHECK ("licenses"."seats" BETWEEN 1 AND 999),
	CONSTRAINT "licenses_status_known" CHECK ("licenses"."status" IN ('active', 'revoked'))
);
--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "license_tier" text DEFAULT 'personal' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "commercial_price_cents" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "extended_price_cents" integer;--> statement-breakpoint
ALTER TABLE "license_changes" ADD CONSTRAINT "license_changes_license_id_licenses_id_fk" FOREIGN KEY ("license_id") REFERENCES "public"."licenses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "license_changes" ADD CONSTRAINT "license_changes_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licenses" ADD CONSTRAINT "licenses_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "license_changes_license_idx" ON "license_changes" USING btree ("license_id","id");--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_license_tier_known" CHECK ("cart_items"."license_tier" IN ('personal', 'commercial', 'extended'));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_commercial_price_at_least_personal" CHECK ("products"."commercial_price_cents" IS NULL OR "products"."commercial_price_cents" >= "products"."price_cents");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_extended_price_at_least_lower" CHECK ("products"."extended_price_cents" IS NULL OR "products"."extended_price_cents" >= COALESCE("products"."commercial_price_cents", "products"."price_cents"));--> statement-breakpoint
INSERT INTO "licenses" ("key", "order_item_id", "tier", "seats", "terms_version", "status", "created_at", "updated_at")
  SELECT oi."license_key", oi."id", oi."license_type", oi."quantity", '2026-11',
         CASE WHEN oi."status" = 'refunded' THEN 'revoked' ELSE 'active' END,
         COALESCE(o."paid_at", o."created_at"), now()
  FROM "order_items" oi JOIN "orders" o ON o."id" = oi."order_id"
  WHERE oi."license_key" IS NOT NULL;--> statement-breakpoint
INSERT INTO "license_changes" ("license_id", "kind", "tier", "seats", "order_item_id", "created_at")
  SELECT l."id", 'issued', l."tier", l."seats", l."order_item_id", l."created_at" FROM "licenses" l;--> statement-breakpoint
INSERT INTO "license_changes" ("license_id", "kind", "tier", "seats", "order_item_id", "created_at")
  SELECT l."id", 'revoked', l."tier", l."seats", l."order_item_id", COALESCE(oi."refunded_at", now())
  FROM "licenses" l JOIN "order_items" oi ON oi."id" = l."order_item_id" WHERE l."status" = 'revoked';--> statement-breakpoint
ALTER TABLE "order_items" DROP CONSTRAINT "order_items_license_key_unique";--> statement-breakpoint
ALTER TABLE "order_items" DROP COLUMN "license_key";--> statement-breakpoint
-- The public pages show the licence prices: a change to them drops the page cache (migration 0022).
DROP TRIGGER products_catalogue_updated ON products;--> statement-breakpoint
CREATE TRIGGER products_catalogue_updated AFTER UPDATE OF title, creator_id, category_id, price_cents,
    original_price_cents, commercial_price_cents, extended_price_cents, rating, review_count,
    is_instant_download, is_bestseller, format, styles, tags, description, features, what_you_get, pages,
    prints, templates, duration_minutes, status, published_at
  ON products FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();
