CREATE TABLE "application_policies" (
	"application_id" integer NOT NULL,
	"policy_id" integer NOT NULL,
	"linked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "application_policies_application_id_policy_id_pk" PRIMARY KEY("application_id","policy_id")
);
--> statement-breakpoint
CREATE TABLE "applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"legal_name" text NOT NULL,
	"logo_filename" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "companies_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "coverages" (
	"id" serial PRIMARY KEY NOT NULL,
	"policy_id" integer NOT NULL,
	"public_name" text NOT NULL,
	"public_description" text NOT NULL,
	"description" jsonb NOT NULL,
	"description_more" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"pricing" jsonb NOT NULL,
	"surcharge_bps" integer DEFAULT 0 NOT NULL,
	"tax_bps" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "coverages_rates_nonnegative" CHECK ("coverages"."surcharge_bps" >= 0 and "coverages"."tax_bps" >= 0)
);
--> statement-breakpoint
CREATE TABLE "policies" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"risk_type_id" integer NOT NULL,
	"name" text NOT NULL,
	"includes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"excludes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"external_url" text,
	"special_clauses" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "risk_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"short_code" text NOT NULL,
	"name" text NOT NULL,
	"plural" text NOT NULL,
	"flow_group" integer NOT NULL,
	CONSTRAINT "risk_types_short_code_unique" UNIQUE("short_code")
);
--> statement-breakpoint
ALTER TABLE "application_policies" ADD CONSTRAINT "application_policies_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_policies" ADD CONSTRAINT "application_policies_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coverages" ADD CONSTRAINT "coverages_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policies" ADD CONSTRAINT "policies_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policies" ADD CONSTRAINT "policies_risk_type_id_risk_types_id_fk" FOREIGN KEY ("risk_type_id") REFERENCES "public"."risk_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coverages_policy_idx" ON "coverages" USING btree ("policy_id");--> statement-breakpoint
CREATE INDEX "policies_risk_type_idx" ON "policies" USING btree ("risk_type_id");--> statement-breakpoint
CREATE INDEX "policies_company_idx" ON "policies" USING btree ("company_id");