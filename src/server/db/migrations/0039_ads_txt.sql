CREATE TABLE "ads_txt" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ads_txt_one_row" CHECK ("ads_txt"."id" = 1),
	CONSTRAINT "ads_txt_size" CHECK (length("ads_txt"."body") <= 65536)
);
