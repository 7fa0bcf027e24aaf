CREATE TABLE "vat_refunds" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"amount_cents" integer NOT NULL,
	"lines" jsonb NOT NULL,
	"due_at" timestamp with time zone DEFAULT now() NOT NULL,
	"provider_refund_ref" text,
	"refunded_at" timestamp with time zone,
	CONSTRAINT "vat_refunds_amount_positive" CHECK ("vat_refunds"."amount_cents" > 0),
	CONSTRAINT "vat_refunds_done_whole" CHECK (("vat_refunds"."refunded_at" IS NULL) = ("vat_refunds"."provider_refund_ref" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "vat_refunds" ADD CONSTRAINT "vat_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vat_refunds_due_idx" ON "vat_refunds" USING btree ("due_at") WHERE "vat_refunds"."refunded_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_order_tax_credit_note_idx" ON "invoices" USING btree ("order_id") WHERE "invoices"."kind" = 'credit_note' AND "invoices"."order_item_id" IS NULL;