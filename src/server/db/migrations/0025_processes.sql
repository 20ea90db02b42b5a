CREATE TABLE "processes" (
	"id" text PRIMARY KEY NOT NULL,
	"host" text NOT NULL,
	"pid" integer NOT NULL,
	"version" text NOT NULL,
	"roles" text[] NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "processes_pid_check" CHECK ("processes"."pid" > 0)
);
--> statement-breakpoint
CREATE INDEX "processes_seen_at_idx" ON "processes" USING btree ("seen_at");