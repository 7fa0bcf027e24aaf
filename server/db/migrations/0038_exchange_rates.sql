CREATE TABLE "exchange_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"base" text NOT NULL,
	"quote" text NOT NULL,
	"rate" numeric NOT NULL,
	"source" text NOT NULL,
	"day" date NOT NULL,
	"fetched_from" text,
	"set_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cleared_at" timestamp with time zone,
	"cleared_by" text,
	CONSTRAINT "exchange_rates_source_known" CHECK ("exchange_rates"."source" IN ('ecb', 'manual')),
	CONSTRAINT "exchange_rates_rate_positive" CHECK ("exchange_rates"."rate" > 0),
	CONSTRAINT "exchange_rates_codes_format" CHECK ("exchange_rates"."base" ~ '^[A-Z]{3}$' AND "exchange_rates"."quote" ~ '^[A-Z]{3}$'),
	CONSTRAINT "exchange_rates_feed_not_cleared" CHECK ("exchange_rates"."source" = 'manual' OR "exchange_rates"."cleared_at" IS NULL)
);
--> statement-breakpoint
ALTER TABLE "exchange_rates" ADD CONSTRAINT "exchange_rates_set_by_user_id_fk" FOREIGN KEY ("set_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_rates" ADD CONSTRAINT "exchange_rates_cleared_by_user_id_fk" FOREIGN KEY ("cleared_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "exchange_rates_feed_day_idx" ON "exchange_rates" USING btree ("day","base","quote") WHERE "exchange_rates"."source" = 'ecb';--> statement-breakpoint
CREATE UNIQUE INDEX "exchange_rates_manual_in_force_idx" ON "exchange_rates" USING btree ("base","quote") WHERE "exchange_rates"."source" = 'manual' AND "exchange_rates"."cleared_at" IS NULL;