CREATE TABLE "account_activity" (
	"account" text NOT NULL,
	"chain_id" integer NOT NULL,
	"hash" text NOT NULL,
	"block_number" bigint NOT NULL,
	"tx_index" integer NOT NULL,
	"mined_at" timestamp with time zone NOT NULL,
	CONSTRAINT "account_activity_account_chain_id_hash_pk" PRIMARY KEY("account","chain_id","hash")
);
--> statement-breakpoint
CREATE TABLE "chain_transactions" (
	"chain_id" integer NOT NULL,
	"hash" text NOT NULL,
	"block_number" bigint NOT NULL,
	"tx_index" integer NOT NULL,
	"mined_at" timestamp with time zone NOT NULL,
	"from" text NOT NULL,
	"to" text,
	"nonce" integer NOT NULL,
	"status" text NOT NULL,
	"operation_type" text NOT NULL,
	CONSTRAINT "chain_transactions_chain_id_hash_pk" PRIMARY KEY("chain_id","hash")
);
--> statement-breakpoint
CREATE TABLE "chain_transfers" (
	"chain_id" integer NOT NULL,
	"hash" text NOT NULL,
	"log_index" integer NOT NULL,
	"block_number" bigint NOT NULL,
	"kind" text NOT NULL,
	"token" text,
	"token_id" text,
	"from" text NOT NULL,
	"to" text NOT NULL,
	"amount" text NOT NULL,
	CONSTRAINT "chain_transfers_chain_id_hash_log_index_pk" PRIMARY KEY("chain_id","hash","log_index")
);
--> statement-breakpoint
CREATE TABLE "indexed_blocks" (
	"chain_id" integer NOT NULL,
	"number" bigint NOT NULL,
	"hash" text NOT NULL,
	"parent_hash" text NOT NULL,
	"mined_at" timestamp with time zone NOT NULL,
	CONSTRAINT "indexed_blocks_chain_id_number_pk" PRIMARY KEY("chain_id","number")
);
--> statement-breakpoint
CREATE TABLE "names" (
	"name" text PRIMARY KEY NOT NULL,
	"zone" text NOT NULL,
	"address" text NOT NULL,
	"coin_type" bigint NOT NULL,
	"attributes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"registered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "token_metadata" (
	"chain_id" integer NOT NULL,
	"address" text NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"symbol" text NOT NULL,
	"decimals" integer,
	CONSTRAINT "token_metadata_chain_id_address_pk" PRIMARY KEY("chain_id","address")
);
--> statement-breakpoint
CREATE TABLE "used_name_messages" (
	"message_hash" text PRIMARY KEY NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "account_activity_page" ON "account_activity" USING btree ("account","mined_at" DESC NULLS FIRST,"chain_id" DESC NULLS FIRST,"block_number" DESC NULLS FIRST,"tx_index" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "account_activity_block" ON "account_activity" USING btree ("chain_id","block_number");--> statement-breakpoint
CREATE INDEX "chain_transactions_block" ON "chain_transactions" USING btree ("chain_id","block_number");--> statement-breakpoint
CREATE INDEX "chain_transfers_block" ON "chain_transfers" USING btree ("chain_id","block_number");--> statement-breakpoint
CREATE INDEX "names_address" ON "names" USING btree ("address","registered_at");