-- Substring search (SPEC section 5: title, creator, category or any tag) through a trigram index.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Every product keeps its searchable text itself, whatever writes it (the app, the seed, a bulk load).
CREATE FUNCTION products_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT lower(concat_ws(E'\n', NEW.title, cr.name, ca.name, ca.label, array_to_string(NEW.tags, E'\n')))
    INTO NEW.search_text
    FROM creators cr, categories ca
    WHERE cr.id = NEW.creator_id AND ca.id = NEW.category_id;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER products_search_text BEFORE INSERT OR UPDATE OF title, tags, creator_id, category_id ON products
  FOR EACH ROW EXECUTE FUNCTION products_search_text();--> statement-breakpoint
-- A renamed creator or category renames it in its products' searchable text.
CREATE FUNCTION refresh_products_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'creators' THEN
    UPDATE products SET title = title WHERE creator_id = NEW.id;
  ELSE
    UPDATE products SET title = title WHERE category_id = NEW.id;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER creators_search_text AFTER UPDATE OF name ON creators
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION refresh_products_search_text();--> statement-breakpoint
CREATE TRIGGER categories_search_text AFTER UPDATE OF name, label ON categories
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.label IS DISTINCT FROM NEW.label)
  EXECUTE FUNCTION refresh_products_search_text();--> statement-breakpoint
UPDATE products SET title = title;--> statement-breakpoint
CREATE INDEX "products_search_text_trgm_idx" ON "products" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_published_price_idx" ON "products" USING btree ("price_cents") WHERE "products"."status" = 'published';
