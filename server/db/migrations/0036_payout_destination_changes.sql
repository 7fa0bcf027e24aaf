CREATE TABLE "payout_destination_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"creator_id" integer NOT NULL,
	"destination" text NOT NULL,
	"previous" text,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paused_until" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "payout_destination_changes" ADD CONSTRAINT "payout_destination_changes_creator_id_creators_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."creators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payout_destination_changes_creator_idx" ON "payout_destination_changes" USING btree ("creator_id","changed_at");