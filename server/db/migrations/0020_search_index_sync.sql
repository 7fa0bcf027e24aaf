CREATE TABLE "product_search_epoch" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"epoch" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_search_removed" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"changed_xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_search" ADD COLUMN "creator_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "product_search" ADD COLUMN "category_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "product_search" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "product_search" ADD COLUMN "changed_xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "product_search" ADD COLUMN "text_xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL;--> statement-breakpoint
CREATE INDEX "product_search_changed_idx" ON "product_search" USING btree ("changed_xid");--> statement-breakpoint
INSERT INTO "product_search_epoch" ("id", "epoch") VALUES (1, 0);--> statement-breakpoint
-- The search row carries every field the search index matches (title, tags, creator, category,
-- description), as written; search_text stays for the PostgreSQL search the index stands in for.
CREATE OR REPLACE FUNCTION sync_product_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_search (product_id, published, category_id, creator_id, price_cents, original_price_cents,
      downloads, rating, review_count, is_bestseller, created_at, published_at, format, styles, title, tags,
      search_text, creator_name, category_name, description)
    SELECT NEW.id, NEW.status = 'published', NEW.category_id, NEW.creator_id, NEW.price_cents,
      NEW.original_price_cents, NEW.downloads, NEW.rating, NEW.review_count, NEW.is_bestseller, NEW.created_at,
      NEW.published_at, NEW.format, NEW.styles, lower(NEW.title), lower(array_to_string(NEW.tags, E'\n')),
      lower(concat_ws(E'\n', NEW.title, cr.name, ca.name, ca.label, array_to_string(NEW.tags, E'\n'))),
      cr.name, concat_ws(' ', ca.name, ca.label), NEW.description
    FROM creators cr, categories ca
    WHERE cr.id = NEW.creator_id AND ca.id = NEW.category_id
  ON CONFLICT (product_id) DO UPDATE SET
    published = EXCLUDED.published, category_id = EXCLUDED.category_id, creator_id = EXCLUDED.creator_id,
    price_cents = EXCLUDED.price_cents, original_price_cents = EXCLUDED.original_price_cents,
    downloads = EXCLUDED.downloads, rating = EXCLUDED.rating, review_count = EXCLUDED.review_count,
    is_bestseller = EXCLUDED.is_bestseller, created_at = EXCLUDED.created_at, published_at = EXCLUDED.published_at,
    format = EXCLUDED.format, styles = EXCLUDED.styles, title = EXCLUDED.title, tags = EXCLUDED.tags,
    search_text = EXCLUDED.search_text, creator_name = EXCLUDED.creator_name,
    category_name = EXCLUDED.category_name, description = EXCLUDED.description;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- A write that changes nothing (a product saved as it was) is skipped, so the indexes have nothing to
-- read again. Triggers of one event fire in name order: this one before the stamp.
CREATE TRIGGER product_search_a_skip_unchanged BEFORE UPDATE ON product_search
  FOR EACH ROW EXECUTE FUNCTION suppress_redundant_updates_trigger();--> statement-breakpoint
-- Every change stamps the row with its transaction, and its text with it when the text changed.
CREATE FUNCTION stamp_product_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.changed_xid := pg_current_xact_id();
  IF TG_OP = 'INSERT' OR (NEW.title, NEW.tags, NEW.creator_name, NEW.category_name, NEW.description)
      IS DISTINCT FROM (OLD.title, OLD.tags, OLD.creator_name, OLD.category_name, OLD.description) THEN
    NEW.text_xid := NEW.changed_xid;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER product_search_b_stamp BEFORE INSERT OR UPDATE ON product_search
  FOR EACH ROW EXECUTE FUNCTION stamp_product_search();--> statement-breakpoint
CREATE FUNCTION remember_removed_product_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_search_removed (product_id, changed_xid) VALUES (OLD.product_id, pg_current_xact_id())
    ON CONFLICT (product_id) DO UPDATE SET changed_xid = EXCLUDED.changed_xid;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER product_search_removed_rows AFTER DELETE ON product_search
  FOR EACH ROW EXECUTE FUNCTION remember_removed_product_search();--> statement-breakpoint
CREATE FUNCTION bump_product_search_epoch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE product_search_epoch SET epoch = epoch + 1;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER product_search_truncated AFTER TRUNCATE ON product_search
  FOR EACH STATEMENT EXECUTE FUNCTION bump_product_search_epoch();--> statement-breakpoint
-- One notification per transaction that wrote search rows (PostgreSQL folds equal ones): the app
-- servers' indexes read what changed at once (server/search/index-sync.ts).
CREATE FUNCTION notify_product_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('product_search_changed', '');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER product_search_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_search
  FOR EACH STATEMENT EXECUTE FUNCTION notify_product_search();--> statement-breakpoint
CREATE TRIGGER product_search_epoch_notify AFTER UPDATE ON product_search_epoch
  FOR EACH STATEMENT EXECUTE FUNCTION notify_product_search();--> statement-breakpoint
UPDATE product_search s SET creator_name = cr.name, category_name = concat_ws(' ', ca.name, ca.label),
    description = p.description
  FROM products p, creators cr, categories ca
  WHERE p.id = s.product_id AND cr.id = p.creator_id AND ca.id = p.category_id;
