CREATE TABLE "farcaster_channels" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"nonce" text NOT NULL,
	"request" jsonb NOT NULL,
	"accept_auth_address" boolean NOT NULL,
	"metadata" jsonb NOT NULL,
	"state" text NOT NULL,
	"answer" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "farcaster_channels_expires" ON "farcaster_channels" USING btree ("expires_at");