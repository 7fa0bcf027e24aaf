CREATE TABLE "search_clicks" (
	"search_id" uuid NOT NULL,
	"product_id" integer NOT NULL,
	"position" integer NOT NULL,
	"clicked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "search_clicks_search_id_product_id_pk" PRIMARY KEY("search_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "search_log" (
	"id" uuid PRIMARY KEY NOT NULL,
	"query" text NOT NULL,
	"results" integer NOT NULL,
	"searched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_synonyms" (
	"id" serial PRIMARY KEY NOT NULL,
	"words" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "search_synonyms_group_size" CHECK (cardinality("search_synonyms"."words") BETWEEN 2 AND 10)
);
--> statement-breakpoint
ALTER TABLE "search_clicks" ADD CONSTRAINT "search_clicks_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "search_clicks_clicked_at_idx" ON "search_clicks" USING btree ("clicked_at");--> statement-breakpoint
CREATE INDEX "search_log_searched_at_idx" ON "search_log" USING btree ("searched_at");--> statement-breakpoint
CREATE UNIQUE INDEX "search_synonyms_words_idx" ON "search_synonyms" USING btree ("words");--> statement-breakpoint
-- One notification per statement that changed the synonyms: every app server's search index reloads
-- them (listSynonymGroups in server/search/synonyms.ts).
CREATE FUNCTION notify_search_synonyms_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('search_synonyms_changed', '');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER search_synonyms_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON search_synonyms
  FOR EACH STATEMENT EXECUTE FUNCTION notify_search_synonyms_changed();--> statement-breakpoint
-- Two groups to start with, harmless in a live shop (admins remove them on the Search page).
INSERT INTO search_synonyms (words) VALUES ('{cv,resume}'), ('{gray,grey}') ON CONFLICT DO NOTHING;
