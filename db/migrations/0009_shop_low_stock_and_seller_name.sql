ALTER TABLE `sellers` ADD `name` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `shop_settings` ADD `low_stock_threshold` integer DEFAULT 5 NOT NULL;