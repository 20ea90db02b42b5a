-- D105: step-up proof on a session (stepped_up_at) and the undo links mailed to the old address after an email or password change.
CREATE TABLE "account_undo_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"old_email" text,
	"old_password_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "account_undo_tokens_kind_valid" CHECK ("account_undo_tokens"."kind" in ('email', 'password'))
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "stepped_up_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "account_undo_tokens" ADD CONSTRAINT "account_undo_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_undo_tokens_user_idx" ON "account_undo_tokens" USING btree ("user_id");
