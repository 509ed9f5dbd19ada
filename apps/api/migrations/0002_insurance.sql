CREATE TABLE "insurance_processes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"coverage_id" integer NOT NULL,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'in_progress' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "insurance_risks" (
	"id" serial PRIMARY KEY NOT NULL,
	"insurance_id" integer NOT NULL,
	"kind" text NOT NULL,
	"data" jsonb NOT NULL,
	"photo_file_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"identifier" text
);
--> statement-breakpoint
CREATE TABLE "insurances" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"user_id" integer NOT NULL,
	"process_id" integer,
	"quote_id" integer,
	"coverage_id" integer NOT NULL,
	"policy_id" integer NOT NULL,
	"taker_entity_id" integer NOT NULL,
	"billing_entity_id" integer NOT NULL,
	"starts_on" date,
	"ends_on" date,
	"net_cents" integer NOT NULL,
	"surcharges_cents" integer NOT NULL,
	"taxes_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"status" text DEFAULT 'pendiente' NOT NULL,
	"verification_code" text NOT NULL,
	"paid_at" timestamp with time zone,
	"cancellation_requested_at" timestamp with time zone,
	"cancels_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "insurances_number_unique" UNIQUE("number"),
	CONSTRAINT "insurances_verification_code_unique" UNIQUE("verification_code"),
	CONSTRAINT "insurances_total" CHECK ("insurances"."total_cents" = "insurances"."net_cents" + "insurances"."surcharges_cents" + "insurances"."taxes_cents")
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"process_id" integer NOT NULL,
	"coverage_id" integer NOT NULL,
	"net_cents" integer NOT NULL,
	"surcharges_cents" integer NOT NULL,
	"taxes_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"answers_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quotes_total" CHECK ("quotes"."total_cents" = "quotes"."net_cents" + "quotes"."surcharges_cents" + "quotes"."taxes_cents" and "quotes"."net_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "insurance_processes" ADD CONSTRAINT "insurance_processes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_processes" ADD CONSTRAINT "insurance_processes_coverage_id_coverages_id_fk" FOREIGN KEY ("coverage_id") REFERENCES "public"."coverages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_risks" ADD CONSTRAINT "insurance_risks_insurance_id_insurances_id_fk" FOREIGN KEY ("insurance_id") REFERENCES "public"."insurances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurances" ADD CONSTRAINT "insurances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurances" ADD CONSTRAINT "insurances_process_id_insurance_processes_id_fk" FOREIGN KEY ("process_id") REFERENCES "public"."insurance_processes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurances" ADD CONSTRAINT "insurances_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurances" ADD CONSTRAINT "insurances_coverage_id_coverages_id_fk" FOREIGN KEY ("coverage_id") REFERENCES "public"."coverages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurances" ADD CONSTRAINT "insurances_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurances" ADD CONSTRAINT "insurances_taker_entity_id_entities_id_fk" FOREIGN KEY ("taker_entity_id") REFERENCES "public"."entities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurances" ADD CONSTRAINT "insurances_billing_entity_id_entities_id_fk" FOREIGN KEY ("billing_entity_id") REFERENCES "public"."entities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_process_id_insurance_processes_id_fk" FOREIGN KEY ("process_id") REFERENCES "public"."insurance_processes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_coverage_id_coverages_id_fk" FOREIGN KEY ("coverage_id") REFERENCES "public"."coverages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "insurance_processes_user_idx" ON "insurance_processes" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "insurance_risks_insurance_idx" ON "insurance_risks" USING btree ("insurance_id");--> statement-breakpoint
CREATE INDEX "insurance_risks_identifier_idx" ON "insurance_risks" USING btree ("identifier");--> statement-breakpoint
CREATE INDEX "insurances_user_idx" ON "insurances" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "insurances_process_idx" ON "insurances" USING btree ("process_id");--> statement-breakpoint
CREATE INDEX "quotes_process_idx" ON "quotes" USING btree ("process_id");