CREATE TABLE "seller_tax_details" (
	"creator_id" integer PRIMARY KEY NOT NULL,
	"seller_type" text NOT NULL,
	"legal_name" text NOT NULL,
	"address_line1" text NOT NULL,
	"address_line2" text,
	"city" text NOT NULL,
	"region" text,
	"postal_code" text,
	"country" text NOT NULL,
	"tax_id_kind" text NOT NULL,
	"tax_id" text NOT NULL,
	"vat_id" text,
	"business_registration_number" text,
	"date_of_birth" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seller_tax_details_type_known" CHECK ("seller_tax_details"."seller_type" IN ('individual', 'business')),
	CONSTRAINT "seller_tax_details_tax_id_kind_known" CHECK ("seller_tax_details"."tax_id_kind" IN ('us_ssn_itin', 'us_ein', 'eu_vat', 'national_tin')),
	CONSTRAINT "seller_tax_details_country_format" CHECK ("seller_tax_details"."country" ~ '^[A-Z]{2}$'),
	CONSTRAINT "seller_tax_details_birth_of_individuals" CHECK ("seller_tax_details"."date_of_birth" IS NULL OR "seller_tax_details"."seller_type" = 'individual')
);
--> statement-breakpoint
ALTER TABLE "seller_tax_details" ADD CONSTRAINT "seller_tax_details_creator_id_creators_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."creators"("id") ON DELETE cascade ON UPDATE no action;