CREATE TABLE "invoice_counters" (
	"point_of_sale" integer NOT NULL,
	"kind" text NOT NULL,
	"letter" text NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "invoice_counters_point_of_sale_kind_letter_pk" PRIMARY KEY("point_of_sale","kind","letter"),
	CONSTRAINT "invoice_counters_positive" CHECK ("invoice_counters"."last_number" > 0)
);
--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL,
	"description" text NOT NULL,
	"net_cents" integer NOT NULL,
	"iva_rate_bps" integer NOT NULL,
	"iva_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	CONSTRAINT "invoice_lines_amounts_add_up" CHECK ("invoice_lines"."total_cents" = "invoice_lines"."net_cents" + "invoice_lines"."iva_cents")
);
--> statement-breakpoint
CREATE TABLE "invoice_profiles" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"document_type" text NOT NULL,
	"document_number" text NOT NULL,
	"tax_condition" text NOT NULL,
	"street" text NOT NULL,
	"street_number" text NOT NULL,
	"floor_apartment" text DEFAULT '' NOT NULL,
	"locality" text NOT NULL,
	"state_id" integer NOT NULL,
	"zip_code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"letter" text NOT NULL,
	"point_of_sale" integer NOT NULL,
	"number" integer NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"insurance_id" integer,
	"payment_id" integer,
	"invoice_id" integer,
	"refund_movement_id" integer,
	"recipient_name" text NOT NULL,
	"recipient_document_type" text NOT NULL,
	"recipient_document_number" text NOT NULL,
	"recipient_tax_condition" text NOT NULL,
	"recipient_address" text NOT NULL,
	"net_cents" integer NOT NULL,
	"iva_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_amounts_add_up" CHECK ("invoices"."total_cents" = "invoices"."net_cents" + "invoices"."iva_cents"),
	CONSTRAINT "invoices_total_positive" CHECK ("invoices"."total_cents" > 0),
	CONSTRAINT "invoices_credit_note_references_invoice" CHECK (("invoices"."kind" = 'credit_note') = ("invoices"."invoice_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "referral_codes" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_codes_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "referral_rewards" (
	"id" serial PRIMARY KEY NOT NULL,
	"referral_id" integer NOT NULL,
	"inviter_user_id" integer NOT NULL,
	"invitee_user_id" integer NOT NULL,
	"insurance_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"wallet_movement_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_rewards_amount_positive" CHECK ("referral_rewards"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "referrals" (
	"id" serial PRIMARY KEY NOT NULL,
	"inviter_user_id" integer NOT NULL,
	"invitee_user_id" integer NOT NULL,
	"invitee_dni" text NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referrals_not_self" CHECK ("referrals"."inviter_user_id" <> "referrals"."invitee_user_id")
);
--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_profiles" ADD CONSTRAINT "invoice_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_profiles" ADD CONSTRAINT "invoice_profiles_state_id_provinces_id_fk" FOREIGN KEY ("state_id") REFERENCES "public"."provinces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_insurance_id_insurances_id_fk" FOREIGN KEY ("insurance_id") REFERENCES "public"."insurances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_refund_movement_id_wallet_movements_id_fk" FOREIGN KEY ("refund_movement_id") REFERENCES "public"."wallet_movements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_codes" ADD CONSTRAINT "referral_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_rewards" ADD CONSTRAINT "referral_rewards_referral_id_referrals_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referrals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_rewards" ADD CONSTRAINT "referral_rewards_inviter_user_id_users_id_fk" FOREIGN KEY ("inviter_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_rewards" ADD CONSTRAINT "referral_rewards_invitee_user_id_users_id_fk" FOREIGN KEY ("invitee_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_rewards" ADD CONSTRAINT "referral_rewards_insurance_id_insurances_id_fk" FOREIGN KEY ("insurance_id") REFERENCES "public"."insurances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_rewards" ADD CONSTRAINT "referral_rewards_wallet_movement_id_wallet_movements_id_fk" FOREIGN KEY ("wallet_movement_id") REFERENCES "public"."wallet_movements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_inviter_user_id_users_id_fk" FOREIGN KEY ("inviter_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_invitee_user_id_users_id_fk" FOREIGN KEY ("invitee_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_lines_invoice_idx" ON "invoice_lines" USING btree ("invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_idx" ON "invoices" USING btree ("point_of_sale","kind","letter","number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_payment_idx" ON "invoices" USING btree ("payment_id") WHERE "invoices"."kind" = 'invoice';--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_refund_idx" ON "invoices" USING btree ("refund_movement_id") WHERE "invoices"."refund_movement_id" is not null;--> statement-breakpoint
CREATE INDEX "invoices_user_idx" ON "invoices" USING btree ("user_id","issued_at");--> statement-breakpoint
CREATE UNIQUE INDEX "referral_rewards_referral_idx" ON "referral_rewards" USING btree ("referral_id");--> statement-breakpoint
CREATE UNIQUE INDEX "referral_rewards_invitee_idx" ON "referral_rewards" USING btree ("invitee_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "referrals_invitee_idx" ON "referrals" USING btree ("invitee_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "referrals_invitee_dni_idx" ON "referrals" USING btree ("invitee_dni");--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE FUNCTION "invoices_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'issued invoices cannot be changed: issue a credit note';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "invoices_no_update_delete" BEFORE UPDATE OR DELETE ON "invoices" FOR EACH ROW EXECUTE FUNCTION "invoices_append_only"();--> statement-breakpoint
CREATE TRIGGER "invoice_lines_no_update_delete" BEFORE UPDATE OR DELETE ON "invoice_lines" FOR EACH ROW EXECUTE FUNCTION "invoices_append_only"();
