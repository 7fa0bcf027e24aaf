CREATE TABLE "appeals" (
	"id" serial PRIMARY KEY NOT NULL,
	"action_id" integer NOT NULL,
	"message" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"decision_note" text,
	"decided_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "appeals_action_id_unique" UNIQUE("action_id"),
	CONSTRAINT "appeals_status_known" CHECK ("appeals"."status" IN ('pending', 'upheld', 'denied'))
);
--> statement-breakpoint
CREATE TABLE "enforcement_actions" (
	"id" serial PRIMARY KEY NOT NULL,
	"creator_id" integer NOT NULL,
	"step" text NOT NULL,
	"reason" text NOT NULL,
	"issued_by" text,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"fix_by" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "enforcement_actions_step_known" CHECK ("enforcement_actions"."step" IN ('warning', 'suspension', 'removal'))
);
--> statement-breakpoint
CREATE TABLE "hosted_payment_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hosted_payment_refunds_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "hosted_payment_refunds_amount_positive" CHECK ("hosted_payment_refunds"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "product_views" (
	"product_id" integer NOT NULL,
	"day" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_views_product_id_day_pk" PRIMARY KEY("product_id","day")
);
--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "handled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "handled_by" text;--> statement-breakpoint
ALTER TABLE "creators" ADD COLUMN "standing" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "creators" ADD COLUMN "suspended_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_capture_ref" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "hidden_by" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "hidden_note" text;--> statement-breakpoint
ALTER TABLE "refund_requests" ADD COLUMN "decided_by" text;--> statement-breakpoint
ALTER TABLE "refund_requests" ADD COLUMN "provider_refund_ref" text;--> statement-breakpoint
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_action_id_enforcement_actions_id_fk" FOREIGN KEY ("action_id") REFERENCES "public"."enforcement_actions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_decided_by_user_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enforcement_actions" ADD CONSTRAINT "enforcement_actions_creator_id_creators_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."creators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enforcement_actions" ADD CONSTRAINT "enforcement_actions_issued_by_user_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hosted_payment_refunds" ADD CONSTRAINT "hosted_payment_refunds_session_id_hosted_payment_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."hosted_payment_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_views" ADD CONSTRAINT "product_views_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appeals_pending_idx" ON "appeals" USING btree ("created_at") WHERE "appeals"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "enforcement_actions_creator_idx" ON "enforcement_actions" USING btree ("creator_id","issued_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "hosted_payment_refunds_session_idx" ON "hosted_payment_refunds" USING btree ("session_id");--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_handled_by_user_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_requests" ADD CONSTRAINT "refund_requests_decided_by_user_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_messages_open_idx" ON "contact_messages" USING btree ("created_at") WHERE "contact_messages"."handled_at" IS NULL;--> statement-breakpoint
CREATE INDEX "refund_requests_open_idx" ON "refund_requests" USING btree ("requested_at") WHERE "refund_requests"."status" = 'requested';--> statement-breakpoint
ALTER TABLE "creators" ADD CONSTRAINT "creators_standing_known" CHECK ("creators"."standing" IN ('active', 'suspended', 'removed'));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_hidden_by_known" CHECK ("products"."hidden_by" IS NULL OR "products"."hidden_by" IN ('moderation', 'suspension', 'removal'));