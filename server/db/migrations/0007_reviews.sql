CREATE TABLE "reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"user_id" text,
	"author_name" text NOT NULL,
	"rating" integer NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_rating_range" CHECK ("reviews"."rating" BETWEEN 1 AND 5)
);
--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reviews_product_recent_idx" ON "reviews" USING btree ("product_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
-- A product's rating and review count follow its reviews, once per statement (a seed inserts thousands).
CREATE FUNCTION refresh_review_aggregates() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    ids := ARRAY(SELECT DISTINCT product_id FROM new_rows);
  ELSIF TG_OP = 'DELETE' THEN
    ids := ARRAY(SELECT DISTINCT product_id FROM old_rows);
  ELSE
    ids := ARRAY(SELECT product_id FROM new_rows UNION SELECT product_id FROM old_rows);
  END IF;
  UPDATE products p
    SET review_count = coalesce(s.n, 0), rating = coalesce(s.average, 0)
    FROM unnest(ids) AS c(product_id)
    LEFT JOIN (
      SELECT product_id, count(*) AS n, round(avg(rating)::numeric, 1)::double precision AS average
      FROM reviews WHERE product_id = ANY (ids) GROUP BY product_id
    ) s ON s.product_id = c.product_id
    WHERE p.id = c.product_id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER reviews_aggregates_insert AFTER INSERT ON reviews REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION refresh_review_aggregates();--> statement-breakpoint
CREATE TRIGGER reviews_aggregates_update AFTER UPDATE ON reviews REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION refresh_review_aggregates();--> statement-breakpoint
CREATE TRIGGER reviews_aggregates_delete AFTER DELETE ON reviews REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION refresh_review_aggregates();
