ALTER TABLE "sponsorships" ADD COLUMN "requester" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sponsorships" ADD COLUMN "user_op_hash" text;--> statement-breakpoint
ALTER TABLE "sponsorships" ADD COLUMN "valid_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sponsorships" ADD COLUMN "from_block" bigint;--> statement-breakpoint
ALTER TABLE "sponsorships" ADD COLUMN "state" text DEFAULT 'landed' NOT NULL;--> statement-breakpoint
CREATE INDEX "sponsorships_requester" ON "sponsorships" USING btree ("project_id","requester","created_at");--> statement-breakpoint
CREATE INDEX "sponsorships_reserved" ON "sponsorships" USING btree ("chain_id","state");