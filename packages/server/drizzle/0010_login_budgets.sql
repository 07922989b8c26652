ALTER TABLE "auth_challenges" ADD COLUMN "requester" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "auth_challenges" ADD COLUMN "trusted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "auth_challenges" ADD COLUMN "mails" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "auth_challenges" ADD COLUMN "guesses" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "auth_challenges_requester" ON "auth_challenges" USING btree ("requester","created_at");--> statement-breakpoint
CREATE INDEX "auth_challenges_created" ON "auth_challenges" USING btree ("created_at");