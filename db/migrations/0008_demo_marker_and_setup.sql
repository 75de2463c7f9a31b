CREATE TABLE `setup_tokens` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `shop_name` (
	`id` integer PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`updated_at` integer NOT NULL,
	CONSTRAINT "shop_name_one_row" CHECK("shop_name"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE `products` ADD `demo` integer DEFAULT false NOT NULL;