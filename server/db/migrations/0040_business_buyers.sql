ALTER TABLE "order_items" DROP CONSTRAINT "order_items_split";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_totals";--> statement-breakpoint
ALTER TABLE "shoppers" ADD COLUMN "vat_number" text;--> statement-breakpoint
ALTER TABLE "shoppers" ADD COLUMN "vat_check" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "waived_tax_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buyer_vat_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_mention" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buyer_vat_state" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buyer_vat_evidence" jsonb;--> statement-breakpoint
CREATE INDEX "orders_buyer_vat_unchecked_idx" ON "orders" USING btree ("paid_at") WHERE "orders"."buyer_vat_state" = 'unchecked';--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_split" CHECK ("order_items"."discount_cents" BETWEEN 0 AND "order_items"."line_total_cents" AND "order_items"."seller_cents" + "order_items"."platform_cents" = "order_items"."net_cents" AND "order_items"."tax_cents" >= 0 AND "order_items"."tax_rate_tenths" >= 0 AND "order_items"."net_cents" BETWEEN 0 AND "order_items"."line_total_cents" - "order_items"."discount_cents");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_buyer_vat_whole" CHECK (("orders"."buyer_vat_number" IS NULL) = ("orders"."buyer_vat_state" IS NULL) AND "orders"."buyer_vat_state" IN ('confirmed', 'unchecked', 'not-registered', 'refunded'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_totals" CHECK ("orders"."subtotal_cents" >= 0 AND "orders"."tax_cents" >= 0 AND "orders"."discount_cents" BETWEEN 0 AND "orders"."subtotal_cents" AND "orders"."waived_tax_cents" >= 0 AND "orders"."total_cents" = "orders"."subtotal_cents" - "orders"."discount_cents" + CASE WHEN "orders"."tax_included" THEN 0 ELSE "orders"."tax_cents" END - "orders"."waived_tax_cents");