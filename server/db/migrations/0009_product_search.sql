CREATE TABLE "product_search" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"published" boolean NOT NULL,
	"category_id" integer NOT NULL,
	"creator_id" integer NOT NULL,
	"price_cents" integer NOT NULL,
	"original_price_cents" integer,
	"downloads" integer NOT NULL,
	"rating" double precision NOT NULL,
	"review_count" integer NOT NULL,
	"is_bestseller" boolean NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"format" text NOT NULL,
	"styles" text[] NOT NULL,
	"title" text NOT NULL,
	"tags" text NOT NULL,
	"search_text" text NOT NULL
);--> statement-breakpoint
ALTER TABLE "product_search" ADD CONSTRAINT "product_search_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Products keep no search text of their own any more: product_search does (below).
DROP TRIGGER products_search_text ON products;
DROP FUNCTION products_search_text();--> statement-breakpoint
DROP INDEX "products_search_text_trgm_idx";--> statement-breakpoint
DROP INDEX "products_published_price_idx";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "search_text";--> statement-breakpoint
-- Every write to a product writes its search row (the seed, the app, a bulk load alike).
CREATE FUNCTION sync_product_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_search (product_id, published, category_id, creator_id, price_cents, original_price_cents,
      downloads, rating, review_count, is_bestseller, created_at, format, styles, title, tags, search_text)
    SELECT NEW.id, NEW.status = 'published', NEW.category_id, NEW.creator_id, NEW.price_cents,
      NEW.original_price_cents, NEW.downloads, NEW.rating, NEW.review_count, NEW.is_bestseller, NEW.created_at,
      NEW.format, NEW.styles, lower(NEW.title), lower(array_to_string(NEW.tags, E'\n')),
      lower(concat_ws(E'\n', NEW.title, cr.name, ca.name, ca.label, array_to_string(NEW.tags, E'\n')))
    FROM creators cr, categories ca
    WHERE cr.id = NEW.creator_id AND ca.id = NEW.category_id
  ON CONFLICT (product_id) DO UPDATE SET
    published = EXCLUDED.published, category_id = EXCLUDED.category_id, creator_id = EXCLUDED.creator_id,
    price_cents = EXCLUDED.price_cents, original_price_cents = EXCLUDED.original_price_cents,
    downloads = EXCLUDED.downloads, rating = EXCLUDED.rating, review_count = EXCLUDED.review_count,
    is_bestseller = EXCLUDED.is_bestseller, created_at = EXCLUDED.created_at, format = EXCLUDED.format,
    styles = EXCLUDED.styles, title = EXCLUDED.title, tags = EXCLUDED.tags, search_text = EXCLUDED.search_text;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER products_sync_search AFTER INSERT OR UPDATE ON products
  FOR EACH ROW EXECUTE FUNCTION sync_product_search();--> statement-breakpoint
-- The products there are now (a renamed creator or category still rewrites its products'
-- rows with UPDATE products SET title = title, which this trigger follows).
UPDATE products SET title = title;--> statement-breakpoint
CREATE INDEX "product_search_text_trgm_idx" ON "product_search" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "product_search_popular_idx" ON "product_search" USING btree ("downloads" DESC NULLS FIRST,"product_id" DESC NULLS FIRST) WHERE "product_search"."published";--> statement-breakpoint
CREATE INDEX "product_search_category_popular_idx" ON "product_search" USING btree ("category_id","downloads" DESC NULLS FIRST,"product_id" DESC NULLS FIRST) WHERE "product_search"."published";--> statement-breakpoint
CREATE INDEX "product_search_newest_idx" ON "product_search" USING btree ("created_at" DESC NULLS FIRST,"product_id" DESC NULLS FIRST) WHERE "product_search"."published";--> statement-breakpoint
CREATE INDEX "product_search_price_idx" ON "product_search" USING btree ("price_cents") WHERE "product_search"."published";--> statement-breakpoint
CREATE INDEX "product_search_creator_idx" ON "product_search" USING btree ("creator_id");
