CREATE TABLE "pending_registrations" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"dni" text NOT NULL,
	"password_hash" text NOT NULL,
	"referral_code" text,
	"code_hash" text NOT NULL,
	"device_hash" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "device_hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "pending_registrations_email_device_idx" ON "pending_registrations" USING btree (lower("email"),coalesce("device_hash", ''));