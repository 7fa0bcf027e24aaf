CREATE TABLE "payout_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_holds" (
	"id" serial PRIMARY KEY NOT NULL,
	"creator_id" integer NOT NULL,
	"reason" text NOT NULL,
	"held_by" text,
	"held_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_at" timestamp with time zone,
	"released_by" text,
	"release_note" text
);
--> statement-breakpoint
CREATE TABLE "payout_reserves" (
	"creator_id" integer PRIMARY KEY NOT NULL,
	"basis_points" integer NOT NULL,
	"reason" text NOT NULL,
	"set_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_reserves_share" CHECK ("payout_reserves"."basis_points" BETWEEN 0 AND 10000)
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_kind_known";--> statement-breakpoint
ALTER TABLE "payouts" ALTER COLUMN "status" SET DEFAULT 'pending';--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "rail" text DEFAULT 'manual' NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "transfer_ref" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "failure_reason" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "returned_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "marked_sent_by" text;--> statement-breakpoint
ALTER TABLE "payout_holds" ADD CONSTRAINT "payout_holds_creator_id_creators_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."creators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_holds" ADD CONSTRAINT "payout_holds_held_by_user_id_fk" FOREIGN KEY ("held_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_holds" ADD CONSTRAINT "payout_holds_released_by_user_id_fk" FOREIGN KEY ("released_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_reserves" ADD CONSTRAINT "payout_reserves_creator_id_creators_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."creators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_reserves" ADD CONSTRAINT "payout_reserves_set_by_user_id_fk" FOREIGN KEY ("set_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payout_holds_one_in_force_idx" ON "payout_holds" USING btree ("creator_id") WHERE "payout_holds"."released_at" IS NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_marked_sent_by_user_id_fk" FOREIGN KEY ("marked_sent_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_payout_idx" ON "ledger_entries" USING btree ("payout_id") WHERE "ledger_entries"."kind" = 'payout';--> statement-breakpoint
CREATE INDEX "payouts_pending_idx" ON "payouts" USING btree ("week_of") WHERE "payouts"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_transfer_ref_unique" UNIQUE("transfer_ref");--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_kind_known" CHECK ("ledger_entries"."kind" IN ('sale', 'refund', 'payout', 'payout_return'));--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_returned_within_amount" CHECK ("payouts"."returned_cents" BETWEEN 0 AND "payouts"."amount_cents");