CREATE TABLE "sponsorships" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"chain_id" integer NOT NULL,
	"sender" text NOT NULL,
	"max_cost" text NOT NULL,
	"day" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sponsorships_project_day" ON "sponsorships" USING btree ("project_id","day");--> statement-breakpoint
CREATE INDEX "sponsorships_sender_day" ON "sponsorships" USING btree ("project_id","sender","day");