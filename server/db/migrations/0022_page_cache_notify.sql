-- Every app server keeps the public pages it rendered (server/http/page-cache.ts) and drops them
-- all when this channel is notified: on a change to anything those pages show (a product, its
-- price, pictures or files, a review, a creator, a category, the search synonyms). One statement,
-- one notification; PostgreSQL sends a transaction's identical notifications once, at commit.
-- Download counts (each download) and the trending scores (hourly) notify nothing: the pages
-- holding them are kept a minute at most.
CREATE FUNCTION notify_catalogue_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('catalogue_changed', '');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER products_catalogue_changed AFTER INSERT OR DELETE OR TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();--> statement-breakpoint
CREATE TRIGGER products_catalogue_updated AFTER UPDATE OF title, creator_id, category_id, price_cents,
    original_price_cents, rating, review_count, is_instant_download, is_bestseller, format, styles, tags,
    description, features, what_you_get, pages, prints, templates, duration_minutes, status, published_at
  ON products FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();--> statement-breakpoint
CREATE TRIGGER creators_catalogue_changed AFTER INSERT OR DELETE OR TRUNCATE ON creators
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();--> statement-breakpoint
CREATE TRIGGER creators_catalogue_updated AFTER UPDATE OF user_id, slug, name, avatar_url, specialty, bio,
    location, website, join_date, badges, followers, rating, is_featured, standing, suspended_until
  ON creators FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();--> statement-breakpoint
CREATE TRIGGER product_images_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_images
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();--> statement-breakpoint
CREATE TRIGGER product_files_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_files
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();--> statement-breakpoint
CREATE TRIGGER reviews_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON reviews
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();--> statement-breakpoint
CREATE TRIGGER categories_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON categories
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();--> statement-breakpoint
CREATE TRIGGER category_aliases_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON category_aliases
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();--> statement-breakpoint
CREATE TRIGGER search_synonyms_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON search_synonyms
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();
