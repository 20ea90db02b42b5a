CREATE TABLE "package_checks" (
	"id" serial PRIMARY KEY NOT NULL,
	"game_id" integer NOT NULL,
	"package_hash" text NOT NULL,
	"status" text NOT NULL,
	"report" jsonb NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"boot" jsonb,
	"boot_at" timestamp with time zone,
	CONSTRAINT "package_checks_status_known" CHECK ("package_checks"."status" in ('pass', 'warning', 'fail'))
);
--> statement-breakpoint
ALTER TABLE "package_checks" ADD CONSTRAINT "package_checks_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "package_checks_game_hash_idx" ON "package_checks" USING btree ("game_id","package_hash");--> statement-breakpoint
CREATE INDEX "package_checks_game_idx" ON "package_checks" USING btree ("game_id","checked_at" DESC NULLS LAST);