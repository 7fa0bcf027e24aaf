CREATE TABLE "hosted_payout_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"reference" text NOT NULL,
	"email" text NOT NULL,
	"display_name" text NOT NULL,
	"country" text NOT NULL,
	"legal_name" text,
	"bank_last4" text,
	"details_submitted" boolean DEFAULT false NOT NULL,
	"payouts_enabled" boolean DEFAULT false NOT NULL,
	"requirements_due" text[] DEFAULT '{}'::text[] NOT NULL,
	"requirements_due_by" timestamp with time zone,
	"disabled_reason" text,
	"webhook_url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hosted_payout_accounts_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "hosted_payout_links" (
	"token" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"return_url" text NOT NULL,
	"refresh_url" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hosted_payout_transfers" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"description" text NOT NULL,
	"payout_id" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"amount_reversed_cents" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hosted_payout_transfers_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "hosted_payout_transfers_amount_positive" CHECK ("hosted_payout_transfers"."amount_cents" > 0),
	CONSTRAINT "hosted_payout_transfers_reversed_within" CHECK ("hosted_payout_transfers"."amount_reversed_cents" BETWEEN 0 AND "hosted_payout_transfers"."amount_cents")
);
--> statement-breakpoint
CREATE TABLE "hosted_payout_webhooks" (
	"event_id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"body" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_accounts" (
	"creator_id" integer PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"account_ref" text NOT NULL,
	"details_submitted" boolean DEFAULT false NOT NULL,
	"payouts_enabled" boolean DEFAULT false NOT NULL,
	"requirements_due" text[] DEFAULT '{}'::text[] NOT NULL,
	"requirements_due_by" timestamp with time zone,
	"disabled_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_accounts_account_ref_unique" UNIQUE("account_ref")
);
--> statement-breakpoint
ALTER TABLE "hosted_payout_links" ADD CONSTRAINT "hosted_payout_links_account_id_hosted_payout_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."hosted_payout_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hosted_payout_transfers" ADD CONSTRAINT "hosted_payout_transfers_account_id_hosted_payout_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."hosted_payout_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hosted_payout_webhooks" ADD CONSTRAINT "hosted_payout_webhooks_account_id_hosted_payout_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."hosted_payout_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_creator_id_creators_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."creators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "hosted_payout_links_account_idx" ON "hosted_payout_links" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "hosted_payout_transfers_account_idx" ON "hosted_payout_transfers" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "hosted_payout_webhooks_account_idx" ON "hosted_payout_webhooks" USING btree ("account_id");