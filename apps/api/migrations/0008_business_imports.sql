CREATE TABLE "entity_profiles" (
	"entity_id" integer PRIMARY KEY NOT NULL,
	"street" text,
	"street_number" text,
	"locality" text,
	"province" text,
	"zip_code" text,
	"contact_name" text,
	"contact_email" text,
	"contact_phone" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "import_rows" (
	"id" serial PRIMARY KEY NOT NULL,
	"import_id" integer NOT NULL,
	"row_number" integer NOT NULL,
	"status" text NOT NULL,
	"answers" jsonb,
	"identifier" text,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"net_cents" integer,
	"surcharges_cents" integer,
	"taxes_cents" integer,
	"total_cents" integer,
	"insurance_id" integer
);
--> statement-breakpoint
CREATE TABLE "imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"entity_id" integer NOT NULL,
	"coverage_id" integer NOT NULL,
	"policy_id" integer NOT NULL,
	"risk_type" text NOT NULL,
	"file_name" text NOT NULL,
	"content_hash" text NOT NULL,
	"status" text DEFAULT 'validated' NOT NULL,
	"row_count" integer NOT NULL,
	"valid_count" integer NOT NULL,
	"invalid_count" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"movement_id" integer,
	"issued_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "imports_counts" CHECK ("imports"."row_count" = "imports"."valid_count" + "imports"."invalid_count")
);
--> statement-breakpoint
ALTER TABLE "entity_profiles" ADD CONSTRAINT "entity_profiles_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_rows" ADD CONSTRAINT "import_rows_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_rows" ADD CONSTRAINT "import_rows_insurance_id_insurances_id_fk" FOREIGN KEY ("insurance_id") REFERENCES "public"."insurances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_coverage_id_coverages_id_fk" FOREIGN KEY ("coverage_id") REFERENCES "public"."coverages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_movement_id_wallet_movements_id_fk" FOREIGN KEY ("movement_id") REFERENCES "public"."wallet_movements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "import_rows_import_row_idx" ON "import_rows" USING btree ("import_id","row_number");--> statement-breakpoint
CREATE UNIQUE INDEX "imports_entity_content_idx" ON "imports" USING btree ("entity_id","content_hash");--> statement-breakpoint
CREATE INDEX "imports_entity_idx" ON "imports" USING btree ("entity_id","created_at");