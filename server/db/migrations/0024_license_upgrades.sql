-- Licence upgrades (issue 17): an order item may upgrade a licence the buyer has to a higher tier
-- or more seats, bought for the difference; a refund of it takes the licence back to what its
-- other items paid for ('upgrade_refunded').
ALTER TABLE "license_changes" DROP CONSTRAINT "license_changes_kind_known";--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "upgrades_license_id" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "upgrade_to_seats" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_upgrades_license_id_licenses_id_fk" FOREIGN KEY ("upgrades_license_id") REFERENCES "public"."licenses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_items_upgrades_license_idx" ON "order_items" USING btree ("upgrades_license_id") WHERE "order_items"."upgrades_license_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "license_changes" ADD CONSTRAINT "license_changes_kind_known" CHECK ("license_changes"."kind" IN ('issued', 'upgraded', 'upgrade_refunded', 'revoked'));--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_upgrade_whole" CHECK (("order_items"."upgrades_license_id" IS NULL) = ("order_items"."upgrade_to_seats" IS NULL) AND ("order_items"."upgrades_license_id" IS NULL OR "order_items"."quantity" = 1));