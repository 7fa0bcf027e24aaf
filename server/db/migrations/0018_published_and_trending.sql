DROP INDEX "product_search_newest_idx";--> statement-breakpoint
ALTER TABLE "product_search" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "product_search" ADD COLUMN "trending_score" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "orders_paid_at_idx" ON "orders" USING btree ("paid_at") WHERE "orders"."paid_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "product_search_trending_idx" ON "product_search" USING btree ("trending_score" DESC NULLS FIRST,"product_id" DESC NULLS FIRST) WHERE "product_search"."trending_score" > 0;--> statement-breakpoint
CREATE INDEX "product_views_day_idx" ON "product_views" USING btree ("day");--> statement-breakpoint
CREATE INDEX "product_search_newest_idx" ON "product_search" USING btree ("published_at" DESC NULLS FIRST,"product_id" DESC NULLS FIRST) WHERE "product_search"."published";--> statement-breakpoint
-- When a product first went on sale, whatever publishes it (a seller, the seed, a bulk load): a
-- product inserted as published was published when it was created; a draft, when it is published.
-- Unpublishing and publishing again keeps the first time, so New Arrivals cannot be gamed.
CREATE FUNCTION set_product_published_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'published' AND NEW.published_at IS NULL THEN
    NEW.published_at := CASE WHEN TG_OP = 'INSERT' THEN NEW.created_at ELSE now() END;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER products_published_at BEFORE INSERT OR UPDATE OF status, published_at ON products
  FOR EACH ROW EXECUTE FUNCTION set_product_published_at();--> statement-breakpoint
-- The search row follows published_at too; trending_score is the trending job's, left as it is.
CREATE OR REPLACE FUNCTION sync_product_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_search (product_id, published, category_id, creator_id, price_cents, original_price_cents,
      downloads, rating, review_count, is_bestseller, created_at, published_at, format, styles, title, tags,
      search_text)
    SELECT NEW.id, NEW.status = 'published', NEW.category_id, NEW.creator_id, NEW.price_cents,
      NEW.original_price_cents, NEW.downloads, NEW.rating, NEW.review_count, NEW.is_bestseller, NEW.created_at,
      NEW.published_at, NEW.format, NEW.styles, lower(NEW.title), lower(array_to_string(NEW.tags, E'\n')),
      lower(concat_ws(E'\n', NEW.title, cr.name, ca.name, ca.label, array_to_string(NEW.tags, E'\n')))
    FROM creators cr, categories ca
    WHERE cr.id = NEW.creator_id AND ca.id = NEW.category_id
  ON CONFLICT (product_id) DO UPDATE SET
    published = EXCLUDED.published, category_id = EXCLUDED.category_id, creator_id = EXCLUDED.creator_id,
    price_cents = EXCLUDED.price_cents, original_price_cents = EXCLUDED.original_price_cents,
    downloads = EXCLUDED.downloads, rating = EXCLUDED.rating, review_count = EXCLUDED.review_count,
    is_bestseller = EXCLUDED.is_bestseller, created_at = EXCLUDED.created_at, published_at = EXCLUDED.published_at,
    format = EXCLUDED.format, styles = EXCLUDED.styles, title = EXCLUDED.title, tags = EXCLUDED.tags,
    search_text = EXCLUDED.search_text;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Products on sale before this migration (or hidden or deleted since) went on sale when they were
-- created, as far as anyone can tell now; drafts have not been yet.
UPDATE products SET published_at = created_at WHERE status <> 'draft';
