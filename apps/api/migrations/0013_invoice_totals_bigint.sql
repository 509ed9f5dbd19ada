ALTER TABLE "invoices" ALTER COLUMN "net_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "iva_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "total_cents" SET DATA TYPE bigint;