ALTER TABLE "order_items" DROP CONSTRAINT "order_items_split";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_totals";--> statement-breakpoint
ALTER TABLE "shoppers" ADD COLUMN "tax_country" text;--> statement-breakpoint
ALTER TABLE "shoppers" ADD COLUMN "tax_region" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "net_cents" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "tax_cents" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "tax_rate_tenths" integer;--> statement-breakpoint
-- Orders before this were all taxed 8% on top, rounded once for the order: each line's part of it
-- by largest remainder, the earlier line first on a tie (apportion, server/orders/money.ts), the
-- shares their invoices and refunds have used.
WITH lines AS (
	SELECT i.id, o.tax_cents AS tax, i.line_total_cents - i.discount_cents AS net,
		SUM(i.line_total_cents - i.discount_cents) OVER (PARTITION BY i.order_id) AS order_net
	FROM "order_items" i JOIN "orders" o ON o.id = i.order_id
), shares AS (
	SELECT id, tax, order_net, net,
		CASE WHEN order_net = 0 THEN 0 ELSE (net::bigint * tax) / order_net END AS whole,
		CASE WHEN order_net = 0 THEN 0 ELSE (net::bigint * tax) % order_net END AS remainder
	FROM lines
), ranked AS (
	SELECT s.id, s.net, s.whole,
		ROW_NUMBER() OVER (PARTITION BY i.order_id ORDER BY s.remainder DESC, s.id) AS place,
		s.tax - SUM(s.whole) OVER (PARTITION BY i.order_id) AS cents_left
	FROM shares s JOIN "order_items" i ON i.id = s.id
)
UPDATE "order_items" SET
	"net_cents" = ranked.net,
	"tax_cents" = ranked.whole + CASE WHEN ranked.place <= ranked.cents_left THEN 1 ELSE 0 END,
	"tax_rate_tenths" = 8000
FROM ranked WHERE ranked.id = "order_items".id;--> statement-breakpoint
ALTER TABLE "order_items" ALTER COLUMN "net_cents" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ALTER COLUMN "tax_cents" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ALTER COLUMN "tax_rate_tenths" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_label" text DEFAULT 'Tax (8%)' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_included" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_country" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_region" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_evidence" jsonb;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_split" CHECK ("order_items"."discount_cents" BETWEEN 0 AND "order_items"."line_total_cents" AND "order_items"."seller_cents" + "order_items"."platform_cents" = "order_items"."net_cents" AND "order_items"."tax_cents" >= 0 AND "order_items"."tax_rate_tenths" >= 0 AND "order_items"."net_cents" IN ("order_items"."line_total_cents" - "order_items"."discount_cents", "order_items"."line_total_cents" - "order_items"."discount_cents" - "order_items"."tax_cents"));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_totals" CHECK ("orders"."subtotal_cents" >= 0 AND "orders"."tax_cents" >= 0 AND "orders"."discount_cents" BETWEEN 0 AND "orders"."subtotal_cents" AND "orders"."total_cents" = "orders"."subtotal_cents" - "orders"."discount_cents" + CASE WHEN "orders"."tax_included" THEN 0 ELSE "orders"."tax_cents" END);