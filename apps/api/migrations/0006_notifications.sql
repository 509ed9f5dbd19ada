CREATE TABLE "notification_users" (
	"id" serial PRIMARY KEY NOT NULL,
	"notification_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"action_type" text NOT NULL,
	"insurance_id" integer,
	"wallet_id" integer,
	"wallet_movement_id" integer,
	"claim_id" integer,
	"invoice_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text,
	"auth" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_success_at" timestamp with time zone,
	CONSTRAINT "push_subscriptions_web_keys" CHECK ("push_subscriptions"."kind" <> 'web' or ("push_subscriptions"."p256dh" is not null and "push_subscriptions"."auth" is not null))
);
--> statement-breakpoint
ALTER TABLE "notification_users" ADD CONSTRAINT "notification_users_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_users" ADD CONSTRAINT "notification_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notification_users_notification_user_idx" ON "notification_users" USING btree ("notification_id","user_id");--> statement-breakpoint
CREATE INDEX "notification_users_user_idx" ON "notification_users" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "notification_users_unread_idx" ON "notification_users" USING btree ("user_id") WHERE "notification_users"."read_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_kind_endpoint_idx" ON "push_subscriptions" USING btree ("kind","endpoint");--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" USING btree ("user_id");