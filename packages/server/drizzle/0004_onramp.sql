CREATE TABLE "onramp_orders" (
	"id" text PRIMARY KEY NOT NULL,
	"partner_user_id" text NOT NULL,
	"destination" text NOT NULL,
	"chain_id" integer NOT NULL,
	"asset" text NOT NULL,
	"purchase_amount" text NOT NULL,
	"currency" text NOT NULL,
	"payment_total" text NOT NULL,
	"fee" text NOT NULL,
	"network_fee" text NOT NULL,
	"status" text NOT NULL,
	"failure" text,
	"tx_hash" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "onramp_orders_user" ON "onramp_orders" USING btree ("partner_user_id","created_at");--> statement-breakpoint
CREATE INDEX "onramp_orders_status" ON "onramp_orders" USING btree ("status","created_at");