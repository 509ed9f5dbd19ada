CREATE TABLE "idempotent_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text,
	"resource_id" integer,
	"refusal" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "idempotent_requests" ADD CONSTRAINT "idempotent_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "idempotent_requests_key_idx" ON "idempotent_requests" USING btree ("user_id","scope","key");--> statement-breakpoint
-- Requests that succeeded before this table: payments kept their request's hash, claims did not.
INSERT INTO "idempotent_requests" ("user_id", "scope", "key", "request_hash", "resource_id", "created_at")
SELECT "user_id", 'payment', "idempotency_key", "request_hash", "id", "created_at" FROM "payments"
WHERE "idempotency_key" IS NOT NULL
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "idempotent_requests" ("user_id", "scope", "key", "request_hash", "resource_id", "created_at")
SELECT "user_id", 'claim', "idempotency_key", NULL, "id", "created_at" FROM "claims"
ON CONFLICT DO NOTHING;
