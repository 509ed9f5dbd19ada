ALTER TABLE "wallet_movements" ALTER COLUMN "amount_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "wallet_movements" ALTER COLUMN "balance_after_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "wallets" ALTER COLUMN "balance_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "imports" ALTER COLUMN "total_cents" SET DATA TYPE bigint;