ALTER TABLE "sellers" ADD COLUMN "name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "low_stock_threshold" integer DEFAULT 5 NOT NULL;