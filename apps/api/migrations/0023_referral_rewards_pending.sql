DROP INDEX "referrals_invitee_dni_idx";--> statement-breakpoint
ALTER TABLE "referral_rewards" ADD COLUMN "clawed_back_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "referral_rewards" ADD COLUMN "clawback_movement_id" integer;--> statement-breakpoint
ALTER TABLE "referral_rewards" ADD COLUMN "clawback_outstanding_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "invitee_device_hash" text;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "status" text DEFAULT 'registered' NOT NULL;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "insurance_id" integer;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "payment_id" integer;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "payer_key" text;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "due_on" date;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "referral_rewards" ADD CONSTRAINT "referral_rewards_clawback_movement_id_wallet_movements_id_fk" FOREIGN KEY ("clawback_movement_id") REFERENCES "public"."wallet_movements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_insurance_id_insurances_id_fk" FOREIGN KEY ("insurance_id") REFERENCES "public"."insurances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "referrals_invitee_device_idx" ON "referrals" USING btree ("invitee_device_hash");--> statement-breakpoint
CREATE INDEX "referrals_payer_idx" ON "referrals" USING btree ("payer_key");--> statement-breakpoint
CREATE INDEX "referrals_inviter_idx" ON "referrals" USING btree ("inviter_user_id");--> statement-breakpoint
CREATE INDEX "referrals_pending_idx" ON "referrals" USING btree ("due_on") WHERE "referrals"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "referrals_invitee_dni_idx" ON "referrals" USING btree ("invitee_dni");--> statement-breakpoint
-- Rewards paid before this migration were credited at the invitee's first payment: those referrals are rewarded.
UPDATE "referrals" SET "status" = 'rewarded', "insurance_id" = "referral_rewards"."insurance_id",
  "due_on" = ("referral_rewards"."created_at" AT TIME ZONE 'America/Argentina/Buenos_Aires')::date,
  "decided_at" = "referral_rewards"."created_at"
  FROM "referral_rewards" WHERE "referral_rewards"."referral_id" = "referrals"."id";--> statement-breakpoint
ALTER TABLE "referral_rewards" ADD CONSTRAINT "referral_rewards_outstanding_in_range" CHECK ("referral_rewards"."clawback_outstanding_cents" >= 0 and "referral_rewards"."clawback_outstanding_cents" <= "referral_rewards"."amount_cents");--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_reason_when_refused" CHECK (("referrals"."status" in ('refused', 'clawed_back')) = ("referrals"."reason" is not null));--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_pending_has_insurance" CHECK ("referrals"."status" not in ('pending', 'rewarded') or ("referrals"."insurance_id" is not null and "referrals"."due_on" is not null));