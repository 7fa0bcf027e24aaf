-- Bundles, file versions and previews (issue 17): a seller's products sold together at one price
-- (bundles, bundle_products, cart_bundles, order_items.bundle_id); new versions of a product file
-- (product_files.version, the replaced ones in product_file_versions, one update email per buyer
-- and version in product_update_notices, opt-outs by address in email_opt_outs); the first pages of
-- a PDF rendered to images (product_file_previews). Bundles and previews are on public pages:
-- changing them drops the page caches as products do (0022).
CREATE TABLE "bundle_products" (
	"bundle_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "bundle_products_bundle_id_product_id_pk" PRIMARY KEY("bundle_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "bundles" (
	"id" serial PRIMARY KEY NOT NULL,
	"creator_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price_cents" integer NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bundles_price_positive" CHECK ("bundles"."price_cents" > 0),
	CONSTRAINT "bundles_status_known" CHECK ("bundles"."status" IN ('draft', 'published', 'deleted'))
);
--> statement-breakpoint
CREATE TABLE "cart_bundles" (
	"shopper_id" text NOT NULL,
	"bundle_id" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_bundles_shopper_id_bundle_id_pk" PRIMARY KEY("shopper_id","bundle_id")
);
--> statement-breakpoint
CREATE TABLE "email_opt_outs" (
	"email" text NOT NULL,
	"topic" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_opt_outs_email_topic_pk" PRIMARY KEY("email","topic")
);
--> statement-breakpoint
CREATE TABLE "product_file_previews" (
	"id" serial PRIMARY KEY NOT NULL,
	"file_id" integer NOT NULL,
	"page" integer NOT NULL,
	"image_url" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_file_previews_page_positive" CHECK ("product_file_previews"."page" >= 1)
);
--> statement-breakpoint
CREATE TABLE "product_file_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"file_id" integer NOT NULL,
	"version" integer NOT NULL,
	"storage_key" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"uploaded_at" timestamp with time zone NOT NULL,
	"replaced_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_file_versions_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
CREATE TABLE "product_update_notices" (
	"file_id" integer NOT NULL,
	"version" integer NOT NULL,
	"email" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_update_notices_file_id_version_email_pk" PRIMARY KEY("file_id","version","email")
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "bundle_id" integer;--> statement-breakpoint
ALTER TABLE "product_files" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "product_files" ADD COLUMN "version_uploaded_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "product_files" ADD COLUMN "previews_version" integer;--> statement-breakpoint
ALTER TABLE "bundle_products" ADD CONSTRAINT "bundle_products_bundle_id_bundles_id_fk" FOREIGN KEY ("bundle_id") REFERENCES "public"."bundles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bundle_products" ADD CONSTRAINT "bundle_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bundles" ADD CONSTRAINT "bundles_creator_id_creators_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."creators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_bundles" ADD CONSTRAINT "cart_bundles_shopper_id_shoppers_id_fk" FOREIGN KEY ("shopper_id") REFERENCES "public"."shoppers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_bundles" ADD CONSTRAINT "cart_bundles_bundle_id_bundles_id_fk" FOREIGN KEY ("bundle_id") REFERENCES "public"."bundles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_file_previews" ADD CONSTRAINT "product_file_previews_file_id_product_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."product_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_file_versions" ADD CONSTRAINT "product_file_versions_file_id_product_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."product_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_update_notices" ADD CONSTRAINT "product_update_notices_file_id_product_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."product_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bundle_products_product_idx" ON "bundle_products" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "bundles_creator_idx" ON "bundles" USING btree ("creator_id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_file_previews_file_page_idx" ON "product_file_previews" USING btree ("file_id","page");--> statement-breakpoint
CREATE UNIQUE INDEX "product_file_versions_file_version_idx" ON "product_file_versions" USING btree ("file_id","version");--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_bundle_id_bundles_id_fk" FOREIGN KEY ("bundle_id") REFERENCES "public"."bundles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_bundle_not_upgrade" CHECK ("order_items"."bundle_id" IS NULL OR "order_items"."upgrades_license_id" IS NULL);--> statement-breakpoint
ALTER TABLE "product_files" ADD CONSTRAINT "product_files_version_positive" CHECK ("product_files"."version" >= 1);--> statement-breakpoint
CREATE TRIGGER bundles_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON bundles
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();--> statement-breakpoint
CREATE TRIGGER bundle_products_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON bundle_products
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();--> statement-breakpoint
CREATE TRIGGER product_file_previews_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_file_previews
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();
