ALTER TABLE `shop_settings` ADD `country` text DEFAULT 'US' NOT NULL;--> statement-breakpoint
ALTER TABLE `shop_settings` ADD `locale` text DEFAULT 'en-US' NOT NULL;