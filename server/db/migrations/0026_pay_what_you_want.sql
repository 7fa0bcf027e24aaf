-- Pay what you want (issue 17): a product whose buyer names the price (at least its price, which
-- may be 0), with a suggested price; the price a cart line's buyer chose.
ALTER TABLE "cart_items" ADD COLUMN "chosen_price_cents" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "pay_what_you_want" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "suggested_price_cents" integer;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_pay_what_you_want" CHECK (NOT "products"."pay_what_you_want" OR ("products"."commercial_price_cents" IS NULL AND "products"."extended_price_cents" IS NULL AND "products"."original_price_cents" IS NULL));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_suggested_price" CHECK ("products"."suggested_price_cents" IS NULL OR ("products"."pay_what_you_want" AND "products"."suggested_price_cents" >= "products"."price_cents"));--> statement-breakpoint
DROP TRIGGER products_catalogue_updated ON products;--> statement-breakpoint
CREATE TRIGGER products_catalogue_updated AFTER UPDATE OF title, creator_id, category_id, price_cents,
    original_price_cents, commercial_price_cents, extended_price_cents, pay_what_you_want,
    suggested_price_cents, rating, review_count, is_instant_download, is_bestseller, format, styles, tags,
    description, features, what_you_get, pages, prints, templates, duration_minutes, status, published_at
  ON products FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();
