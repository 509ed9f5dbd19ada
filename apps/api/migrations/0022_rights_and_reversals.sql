CREATE TABLE "rights_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"kind" text NOT NULL,
	"channel" text NOT NULL,
	"status" text NOT NULL,
	"insurance_id" integer,
	"user_id" integer,
	"given_insurance_number" text,
	"given_document_number" text,
	"given_email" text,
	"token_hash" text,
	"token_expires_at" timestamp with time zone,
	"requested_on" date NOT NULL,
	"ends_on" date,
	"refund_cents" integer,
	"refund_method" text,
	"payment_id" integer,
	"refusal" text,
	"applied_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rights_requests_number_unique" UNIQUE("number"),
	CONSTRAINT "rights_requests_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "wallet_movements" DROP CONSTRAINT "wallet_movements_balance_nonnegative";--> statement-breakpoint
ALTER TABLE "wallets" DROP CONSTRAINT "wallets_balance_nonnegative";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "provider_refund_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "reversed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "rights_requests" ADD CONSTRAINT "rights_requests_insurance_id_insurances_id_fk" FOREIGN KEY ("insurance_id") REFERENCES "public"."insurances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rights_requests" ADD CONSTRAINT "rights_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rights_requests" ADD CONSTRAINT "rights_requests_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rights_requests_user_idx" ON "rights_requests" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "rights_requests_applied_idx" ON "rights_requests" USING btree ("insurance_id","kind") WHERE "rights_requests"."status" = 'aplicada';--> statement-breakpoint
ALTER TABLE "wallet_movements" ADD CONSTRAINT "wallet_movements_balance_nonnegative" CHECK ("wallet_movements"."balance_after_cents" >= 0 or "wallet_movements"."amount_cents" > 0 or "wallet_movements"."kind" in ('reversal', 'referral_clawback'));--> statement-breakpoint
CREATE FUNCTION "wallets_balance_follows_ledger"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  last_balance bigint;
BEGIN
  SELECT "balance_after_cents" INTO last_balance FROM "wallet_movements"
    WHERE "wallet_id" = NEW."id" ORDER BY "id" DESC LIMIT 1;
  IF NEW."balance_cents" IS DISTINCT FROM coalesce(last_balance, 0) THEN
    RAISE EXCEPTION 'wallet % balance is not the balance after its last movement', NEW."id"
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "wallets_balance_follows_ledger" BEFORE INSERT OR UPDATE OF "balance_cents" ON "wallets" FOR EACH ROW EXECUTE FUNCTION "wallets_balance_follows_ledger"();
