ALTER TABLE "auth_key_shares" ADD COLUMN "passphrase_proof" text;--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD COLUMN "recovery_until" timestamp with time zone;