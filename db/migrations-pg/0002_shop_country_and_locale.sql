ALTER TABLE "shop_settings" ADD COLUMN "country" text DEFAULT 'US' NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "locale" text DEFAULT 'en-US' NOT NULL;