CREATE TABLE "claim_attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"claim_id" integer,
	"file_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "claim_attachments_file_id_unique" UNIQUE("file_id")
);
--> statement-breakpoint
CREATE TABLE "claim_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"claim_id" integer NOT NULL,
	"status" text NOT NULL,
	"message" text,
	"actor" text NOT NULL,
	"operator_id" integer,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "claim_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"claim_id" integer NOT NULL,
	"author" text NOT NULL,
	"operator_id" integer,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "claims" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"entity_id" integer NOT NULL,
	"insurance_id" integer NOT NULL,
	"risk_id" integer NOT NULL,
	"incident_date" date NOT NULL,
	"description" text NOT NULL,
	"place" text NOT NULL,
	"status" text DEFAULT 'recibido' NOT NULL,
	"approved_amount_cents" integer,
	"payout_movement_id" integer,
	"paid_at" timestamp with time zone,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "claims_approved_amount_positive" CHECK ("claims"."approved_amount_cents" is null or "claims"."approved_amount_cents" > 0),
	CONSTRAINT "claims_paid_has_payout" CHECK (("claims"."status" = 'pagado') = ("claims"."payout_movement_id" is not null and "claims"."paid_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "claim_attachments" ADD CONSTRAINT "claim_attachments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_attachments" ADD CONSTRAINT "claim_attachments_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_attachments" ADD CONSTRAINT "claim_attachments_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_events" ADD CONSTRAINT "claim_events_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_events" ADD CONSTRAINT "claim_events_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_messages" ADD CONSTRAINT "claim_messages_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_messages" ADD CONSTRAINT "claim_messages_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_insurance_id_insurances_id_fk" FOREIGN KEY ("insurance_id") REFERENCES "public"."insurances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_risk_id_insurance_risks_id_fk" FOREIGN KEY ("risk_id") REFERENCES "public"."insurance_risks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_payout_movement_id_wallet_movements_id_fk" FOREIGN KEY ("payout_movement_id") REFERENCES "public"."wallet_movements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "claim_attachments_claim_idx" ON "claim_attachments" USING btree ("claim_id");--> statement-breakpoint
CREATE INDEX "claim_attachments_user_idx" ON "claim_attachments" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "claim_events_claim_status_idx" ON "claim_events" USING btree ("claim_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "claim_events_idempotency_idx" ON "claim_events" USING btree ("claim_id","idempotency_key") WHERE "claim_events"."idempotency_key" is not null;--> statement-breakpoint
CREATE INDEX "claim_messages_claim_idx" ON "claim_messages" USING btree ("claim_id","id");--> statement-breakpoint
CREATE INDEX "claims_user_idx" ON "claims" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "claims_status_idx" ON "claims" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "claims_insurance_idx" ON "claims" USING btree ("insurance_id");--> statement-breakpoint
CREATE UNIQUE INDEX "claims_idempotency_idx" ON "claims" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "claims_payout_movement_idx" ON "claims" USING btree ("payout_movement_id");--> statement-breakpoint
CREATE FUNCTION "claim_history_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only', TG_TABLE_NAME;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "claim_events_no_update_delete" BEFORE UPDATE OR DELETE ON "claim_events" FOR EACH ROW EXECUTE FUNCTION "claim_history_append_only"();
--> statement-breakpoint
CREATE TRIGGER "claim_messages_no_update_delete" BEFORE UPDATE OR DELETE ON "claim_messages" FOR EACH ROW EXECUTE FUNCTION "claim_history_append_only"();
