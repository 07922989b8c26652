CREATE TABLE "events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"event_id" text NOT NULL,
	"url" text NOT NULL,
	"domain" text NOT NULL,
	"event_at" timestamp with time zone NOT NULL,
	"event" text NOT NULL,
	"address" text,
	"props" jsonb,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "events_project_event" UNIQUE("project_id","event_id")
);
--> statement-breakpoint
CREATE TABLE "images" (
	"kind" text NOT NULL,
	"id" text NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"etag" text NOT NULL,
	CONSTRAINT "images_kind_id_pk" PRIMARY KEY("kind","id")
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"allowed_origins" text[] DEFAULT '{}'::text[] NOT NULL,
	"analytics_enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sdk_usage" (
	"project_id" text NOT NULL,
	"sdk_type" text NOT NULL,
	"sdk_version" text NOT NULL,
	"requests" bigint NOT NULL,
	"first_seen" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sdk_usage_project_id_sdk_type_sdk_version_pk" PRIMARY KEY("project_id","sdk_type","sdk_version")
);
--> statement-breakpoint
CREATE TABLE "wallets" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"rdns" text,
	"image_id" text,
	"chains" text[] DEFAULT '{}'::text[] NOT NULL,
	"mobile_link" text,
	"desktop_link" text,
	"webapp_link" text,
	"app_store" text,
	"play_store" text,
	"chrome_store" text,
	"homepage" text,
	"injected" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"badge_type" text DEFAULT 'none' NOT NULL,
	"order" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wallets_listing_order" ON "wallets" USING btree ("order",lower("name") collate "C","id");--> statement-breakpoint
CREATE INDEX "wallets_chains" ON "wallets" USING gin ("chains");