CREATE TABLE "auth_identities" (
	"provider" text NOT NULL,
	"subject" text NOT NULL,
	"account_id" text NOT NULL,
	"email" text,
	"email_verified" boolean DEFAULT false NOT NULL,
	"username" text,
	"created_at" timestamp with time zone NOT NULL,
	"last_login_at" timestamp with time zone NOT NULL,
	CONSTRAINT "auth_identities_provider_subject_pk" PRIMARY KEY("provider","subject")
);
--> statement-breakpoint
CREATE TABLE "auth_social_logins" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"state_hash" text NOT NULL,
	"nonce" text NOT NULL,
	"code_verifier" text NOT NULL,
	"device_hash" text NOT NULL,
	"status" text NOT NULL,
	"account_id" text,
	"subject" text,
	"proof_hash" text,
	"failure" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "auth_social_logins_state_hash_unique" UNIQUE("state_hash")
);
--> statement-breakpoint
ALTER TABLE "auth_accounts" ALTER COLUMN "email" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD COLUMN "provider" text;--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD COLUMN "subject" text;--> statement-breakpoint
ALTER TABLE "auth_identities" ADD CONSTRAINT "auth_identities_account_id_auth_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."auth_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_social_logins" ADD CONSTRAINT "auth_social_logins_account_id_auth_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."auth_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_identities_account" ON "auth_identities" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "auth_social_logins_created" ON "auth_social_logins" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "auth_social_logins_device" ON "auth_social_logins" USING btree ("device_hash","created_at");