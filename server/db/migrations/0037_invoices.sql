CREATE TABLE "invoice_series" (
	"kind" text PRIMARY KEY NOT NULL,
	"next_number" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "invoice_series_next_positive" CHECK ("invoice_series"."next_number" >= 1),
	CONSTRAINT "invoice_series_kind" CHECK ("invoice_series"."kind" IN ('invoice', 'credit_note'))
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"number" integer NOT NULL,
	"code" text NOT NULL,
	"order_id" integer NOT NULL,
	"order_item_id" integer,
	"credits_invoice_id" integer,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"currency" text NOT NULL,
	"supplier" jsonb NOT NULL,
	"buyer" jsonb NOT NULL,
	"lines" jsonb NOT NULL,
	"net_cents" integer NOT NULL,
	"tax_cents" integer NOT NULL,
	"gross_cents" integer NOT NULL,
	"mention" text,
	CONSTRAINT "invoices_code_unique" UNIQUE("code"),
	CONSTRAINT "invoices_kind" CHECK ("invoices"."kind" IN ('invoice', 'credit_note')),
	CONSTRAINT "invoices_adds_up" CHECK ("invoices"."gross_cents" = "invoices"."net_cents" + "invoices"."tax_cents"),
	CONSTRAINT "invoices_credit_note_refers" CHECK (("invoices"."kind" = 'invoice') = ("invoices"."credits_invoice_id" IS NULL AND "invoices"."order_item_id" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_credits_invoice_id_invoices_id_fk" FOREIGN KEY ("credits_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_kind_number_idx" ON "invoices" USING btree ("kind","number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_order_invoice_idx" ON "invoices" USING btree ("order_id") WHERE "invoices"."kind" = 'invoice';--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_item_credit_note_idx" ON "invoices" USING btree ("order_item_id") WHERE "invoices"."kind" = 'credit_note';