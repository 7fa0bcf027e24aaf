-- Discount codes (issue 17): a seller's codes and the platform's site-wide sales, the code a cart holds,
-- the discount an order and each of its items got (sellers and platform split what was paid), and
-- the orders that used each code.
CREATE TABLE "discount_code_products" (
	"code_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	CONSTRAINT "discount_code_products_code_id_product_id_pk" PRIMARY KEY("code_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "discount_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"creator_id" integer,
	"kind" text NOT NULL,
	"value" integer NOT NULL,
	"all_products" boolean DEFAULT true NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"max_uses" integer,
	"once_per_buyer" boolean DEFAULT false NOT NULL,
	"disabled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_codes_kind_known" CHECK ("discount_codes"."kind" IN ('percent', 'amount')),
	CONSTRAINT "discount_codes_value_range" CHECK (("discount_codes"."kind" = 'percent' AND "discount_codes"."value" BETWEEN 1 AND 100) OR ("discount_codes"."kind" = 'amount' AND "discount_codes"."value" > 0)),
	CONSTRAINT "discount_codes_max_uses_positive" CHECK ("discount_codes"."max_uses" IS NULL OR "discount_codes"."max_uses" > 0),
	CONSTRAINT "discount_codes_dates" CHECK ("discount_codes"."starts_at" IS NULL OR "discount_codes"."ends_at" IS NULL OR "discount_codes"."ends_at" > "discount_codes"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "discount_redemptions" (
	"code_id" integer NOT NULL,
	"order_id" integer PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_items" DROP CONSTRAINT "order_items_split";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_totals";--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_code_id" integer;--> statement-breakpoint
ALTER TABLE "shoppers" ADD COLUMN "discount_code" text;--> statement-breakpoint
ALTER TABLE "discount_code_products" ADD CONSTRAINT "discount_code_products_code_id_discount_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."discount_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_code_products" ADD CONSTRAINT "discount_code_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_codes" ADD CONSTRAINT "discount_codes_creator_id_creators_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."creators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_redemptions" ADD CONSTRAINT "discount_redemptions_code_id_discount_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."discount_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_redemptions" ADD CONSTRAINT "discount_redemptions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "discount_codes_code_idx" ON "discount_codes" USING btree (upper("code"));--> statement-breakpoint
CREATE INDEX "discount_codes_creator_idx" ON "discount_codes" USING btree ("creator_id");--> statement-breakpoint
CREATE INDEX "discount_redemptions_code_email_idx" ON "discount_redemptions" USING btree ("code_id","email");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_discount_code_id_discount_codes_id_fk" FOREIGN KEY ("discount_code_id") REFERENCES "public"."discount_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_split" CHECK ("order_items"."discount_cents" BETWEEN 0 AND "order_items"."line_total_cents" AND "order_items"."seller_cents" + "order_items"."platform_cents" = "order_items"."line_total_cents" - "order_items"."discount_cents");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_totals" CHECK ("orders"."subtotal_cents" >= 0 AND "orders"."tax_cents" >= 0 AND "orders"."discount_cents" BETWEEN 0 AND "orders"."subtotal_cents" AND "orders"."total_cents" = "orders"."subtotal_cents" - "orders"."discount_cents" + "orders"."tax_cents");