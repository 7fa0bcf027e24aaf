ALTER TABLE "orders" ADD COLUMN "withdrawal_consent_text" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "withdrawal_consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "withdrawn_at" timestamp with time zone;