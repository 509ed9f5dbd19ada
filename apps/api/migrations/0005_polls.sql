CREATE TABLE "poll_question_responses" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"insurance_id" integer NOT NULL,
	"poll_question_id" integer NOT NULL,
	"response" text,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "poll_question_responses_answered" CHECK (("poll_question_responses"."response" is null) = ("poll_question_responses"."answered_at" is null))
);
--> statement-breakpoint
CREATE TABLE "poll_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"poll_id" integer NOT NULL,
	"name" text NOT NULL,
	"values" text NOT NULL,
	"position" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "polls" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "polls_code_unique" UNIQUE("code")
);
--> statement-breakpoint
ALTER TABLE "poll_question_responses" ADD CONSTRAINT "poll_question_responses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "poll_question_responses" ADD CONSTRAINT "poll_question_responses_insurance_id_insurances_id_fk" FOREIGN KEY ("insurance_id") REFERENCES "public"."insurances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "poll_question_responses" ADD CONSTRAINT "poll_question_responses_poll_question_id_poll_questions_id_fk" FOREIGN KEY ("poll_question_id") REFERENCES "public"."poll_questions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "poll_questions" ADD CONSTRAINT "poll_questions_poll_id_polls_id_fk" FOREIGN KEY ("poll_id") REFERENCES "public"."polls"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "poll_question_responses_insurance_question_idx" ON "poll_question_responses" USING btree ("insurance_id","poll_question_id");--> statement-breakpoint
CREATE INDEX "poll_question_responses_user_idx" ON "poll_question_responses" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "poll_questions_poll_name_idx" ON "poll_questions" USING btree ("poll_id","name");