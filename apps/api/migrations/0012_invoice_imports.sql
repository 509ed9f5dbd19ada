ALTER TABLE "invoice_lines" ADD COLUMN "insurance_id" integer;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "import_id" integer;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_insurance_id_insurances_id_fk" FOREIGN KEY ("insurance_id") REFERENCES "public"."insurances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_lines_insurance_idx" ON "invoice_lines" USING btree ("insurance_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_import_idx" ON "invoices" USING btree ("import_id") WHERE "invoices"."kind" = 'invoice';--> statement-breakpoint
ALTER TABLE "invoice_lines" DISABLE TRIGGER "invoice_lines_no_update_delete";--> statement-breakpoint
UPDATE "invoice_lines" SET "insurance_id" = "invoices"."insurance_id" FROM "invoices" WHERE "invoices"."id" = "invoice_lines"."invoice_id";--> statement-breakpoint
ALTER TABLE "invoice_lines" ENABLE TRIGGER "invoice_lines_no_update_delete";
