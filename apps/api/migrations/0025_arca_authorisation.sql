CREATE TABLE "arca_sequences" (
	"point_of_sale" integer NOT NULL,
	"voucher_type" integer NOT NULL,
	"locked_by" text,
	"locked_until" timestamp with time zone,
	CONSTRAINT "arca_sequences_point_of_sale_voucher_type_pk" PRIMARY KEY("point_of_sale","voucher_type")
);
--> statement-breakpoint
CREATE TABLE "arca_tickets" (
	"service" text PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"sign" text NOT NULL,
	"generated_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoice_counters" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP TABLE "invoice_counters" CASCADE;--> statement-breakpoint
DROP INDEX "invoices_number_idx";--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "number" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "legacy_number" integer;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "arca_status" text DEFAULT 'pendiente_cae' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "arca_voucher_type" integer;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "receiver_iva_condition_id" integer;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "cae" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "cae_due_on" date;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "arca_issued_on" date;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "arca_pending_number" integer;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "arca_messages" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "arca_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "arca_last_attempt_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_arca_number_idx" ON "invoices" USING btree ("point_of_sale","arca_voucher_type","number") WHERE "invoices"."number" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_arca_pending_number_idx" ON "invoices" USING btree ("point_of_sale","arca_voucher_type","arca_pending_number") WHERE "invoices"."arca_pending_number" is not null;--> statement-breakpoint
CREATE INDEX "invoices_arca_status_idx" ON "invoices" USING btree ("arca_status","id");--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_authorised_has_cae" CHECK (("invoices"."arca_status" = 'autorizada') = ("invoices"."cae" is not null and "invoices"."number" is not null));;--> statement-breakpoint
-- Documents issued before ARCA: their internal number had no fiscal effect. It is kept in legacy_number;
-- they stay pendiente_cae, without a number, and the authorisation job asks their CAE (never "autorizada"
-- without one). Voucher type and the receiver's VAT condition follow from kind, letter and tax condition.
ALTER TABLE "invoices" DISABLE TRIGGER "invoices_no_update_delete";--> statement-breakpoint
UPDATE "invoices" SET "legacy_number" = "number", "number" = NULL,
  "arca_voucher_type" = CASE WHEN "kind" = 'invoice' THEN (CASE WHEN "letter" = 'A' THEN 1 ELSE 6 END)
    ELSE (CASE WHEN "letter" = 'A' THEN 3 ELSE 8 END) END,
  "receiver_iva_condition_id" = CASE "recipient_tax_condition" WHEN 'responsable_inscripto' THEN 1
    WHEN 'exento' THEN 4 WHEN 'monotributo' THEN 6 ELSE 5 END;--> statement-breakpoint
ALTER TABLE "invoices" ENABLE TRIGGER "invoices_no_update_delete";--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "arca_voucher_type" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "receiver_iva_condition_id" SET NOT NULL;--> statement-breakpoint
-- Still append-only, but for ARCA's answer: while a document waits for its CAE only the ARCA columns
-- (and its number and point of sale) change; once authorised nothing does; lines never change.
CREATE OR REPLACE FUNCTION "invoices_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR TG_TABLE_NAME <> 'invoices' THEN
    RAISE EXCEPTION 'issued invoices cannot be changed: issue a credit note';
  END IF;
  IF OLD."arca_status" = 'autorizada' THEN
    RAISE EXCEPTION 'issued invoices cannot be changed: issue a credit note';
  END IF;
  IF (NEW."id", NEW."user_id", NEW."kind", NEW."letter", NEW."issued_at", NEW."insurance_id", NEW."payment_id",
      NEW."import_id", NEW."invoice_id", NEW."refund_movement_id", NEW."recipient_name",
      NEW."recipient_document_type", NEW."recipient_document_number", NEW."recipient_tax_condition",
      NEW."recipient_address", NEW."net_cents", NEW."iva_cents", NEW."total_cents", NEW."legacy_number",
      NEW."arca_voucher_type", NEW."receiver_iva_condition_id", NEW."created_at")
    IS DISTINCT FROM (OLD."id", OLD."user_id", OLD."kind", OLD."letter", OLD."issued_at", OLD."insurance_id",
      OLD."payment_id", OLD."import_id", OLD."invoice_id", OLD."refund_movement_id", OLD."recipient_name",
      OLD."recipient_document_type", OLD."recipient_document_number", OLD."recipient_tax_condition",
      OLD."recipient_address", OLD."net_cents", OLD."iva_cents", OLD."total_cents", OLD."legacy_number",
      OLD."arca_voucher_type", OLD."receiver_iva_condition_id", OLD."created_at") THEN
    RAISE EXCEPTION 'issued invoices cannot be changed: issue a credit note';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
INSERT INTO "outbox" ("kind", "payload", "key")
  SELECT 'invoices.arca-authorize', jsonb_build_object('invoiceId', "id"), 'invoices.arca-authorize:' || "id" || ':0'
  FROM "invoices" ORDER BY "id"
  ON CONFLICT ("key") DO NOTHING;