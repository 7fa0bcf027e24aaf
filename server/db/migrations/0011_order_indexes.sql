CREATE INDEX "orders_shopper_idx" ON "orders" USING btree ("shopper_id");--> statement-breakpoint
CREATE INDEX "payment_events_order_idx" ON "payment_events" USING btree ("order_id");