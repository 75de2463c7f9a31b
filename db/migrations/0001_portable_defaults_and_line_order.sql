PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_addresses` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`first_name` text NOT NULL,
	`last_name` text DEFAULT '' NOT NULL,
	`email` text DEFAULT '' NOT NULL,
	`street` text NOT NULL,
	`city` text NOT NULL,
	`state` text DEFAULT '' NOT NULL,
	`zipcode` text NOT NULL,
	`country` text NOT NULL,
	`phone` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_addresses`("id", "user_id", "first_name", "last_name", "email", "street", "city", "state", "zipcode", "country", "phone", "created_at") SELECT "id", "user_id", "first_name", "last_name", "email", "street", "city", "state", "zipcode", "country", "phone", "created_at" FROM `addresses`;--> statement-breakpoint
DROP TABLE `addresses`;--> statement-breakpoint
ALTER TABLE `__new_addresses` RENAME TO `addresses`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `addresses_user_idx` ON `addresses` (`user_id`);--> statement-breakpoint
CREATE TABLE `__new_newsletter_subscribers` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
INSERT INTO `__new_newsletter_subscribers`("id", "email", "created_at") SELECT "id", "email", "created_at" FROM `newsletter_subscribers`;--> statement-breakpoint
DROP TABLE `newsletter_subscribers`;--> statement-breakpoint
ALTER TABLE `__new_newsletter_subscribers` RENAME TO `newsletter_subscribers`;--> statement-breakpoint
CREATE UNIQUE INDEX `newsletter_subscribers_email_unique` ON `newsletter_subscribers` (`email`);--> statement-breakpoint
CREATE TABLE `__new_orders` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`payment_type` text NOT NULL,
	`subtotal_cents` integer NOT NULL,
	`tax_cents` integer NOT NULL,
	`amount_cents` integer NOT NULL,
	`status` text DEFAULT 'Order Placed' NOT NULL,
	`is_paid` integer DEFAULT false NOT NULL,
	`paid_at` integer,
	`address_id` text,
	`address` text NOT NULL,
	`request_key` text,
	`stripe_session_id` text,
	`created_at` integer NOT NULL,
	`updated_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`address_id`) REFERENCES `addresses`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "orders_amounts" CHECK("__new_orders"."amount_cents" = "__new_orders"."subtotal_cents" + "__new_orders"."tax_cents")
);
--> statement-breakpoint
INSERT INTO `__new_orders`("id", "user_id", "payment_type", "subtotal_cents", "tax_cents", "amount_cents", "status", "is_paid", "paid_at", "address_id", "address", "request_key", "stripe_session_id", "created_at", "updated_at") SELECT "id", "user_id", "payment_type", "subtotal_cents", "tax_cents", "amount_cents", "status", "is_paid", "paid_at", "address_id", "address", "request_key", "stripe_session_id", "created_at", "updated_at" FROM `orders`;--> statement-breakpoint
DROP TABLE `orders`;--> statement-breakpoint
ALTER TABLE `__new_orders` RENAME TO `orders`;--> statement-breakpoint
CREATE UNIQUE INDEX `orders_stripe_session_id_unique` ON `orders` (`stripe_session_id`);--> statement-breakpoint
CREATE INDEX `orders_user_idx` ON `orders` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `orders_created_idx` ON `orders` (`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `orders_request_key_idx` ON `orders` (`user_id`,`request_key`);--> statement-breakpoint
CREATE TABLE `__new_products` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`category` text NOT NULL,
	`description` text DEFAULT '[]' NOT NULL,
	`price_cents` integer NOT NULL,
	`offer_price_cents` integer NOT NULL,
	`images` text DEFAULT '[]' NOT NULL,
	`in_stock` integer DEFAULT true NOT NULL,
	`size` text,
	`created_at` integer NOT NULL,
	`removed_at` integer,
	CONSTRAINT "products_price_check" CHECK("__new_products"."price_cents" >= 0 AND "__new_products"."offer_price_cents" >= 0)
);
--> statement-breakpoint
INSERT INTO `__new_products`("id", "name", "category", "description", "price_cents", "offer_price_cents", "images", "in_stock", "size", "created_at", "removed_at") SELECT "id", "name", "category", "description", "price_cents", "offer_price_cents", "images", "in_stock", "size", "created_at", "removed_at" FROM `products`;--> statement-breakpoint
DROP TABLE `products`;--> statement-breakpoint
ALTER TABLE `__new_products` RENAME TO `products`;--> statement-breakpoint
CREATE INDEX `products_category_idx` ON `products` (`category`,`in_stock`);--> statement-breakpoint
CREATE TABLE `__new_sellers` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`password_hash` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
INSERT INTO `__new_sellers`("id", "email", "password_hash", "created_at") SELECT "id", "email", "password_hash", "created_at" FROM `sellers`;--> statement-breakpoint
DROP TABLE `sellers`;--> statement-breakpoint
ALTER TABLE `__new_sellers` RENAME TO `sellers`;--> statement-breakpoint
CREATE UNIQUE INDEX `sellers_email_unique` ON `sellers` (`email`);--> statement-breakpoint
CREATE TABLE `__new_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text,
	`seller_id` text,
	`expires_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`seller_id`) REFERENCES `sellers`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "sessions_one_subject" CHECK(("__new_sessions"."user_id" IS NULL) <> ("__new_sessions"."seller_id" IS NULL))
);
--> statement-breakpoint
INSERT INTO `__new_sessions`("id", "user_id", "seller_id", "expires_at", "created_at") SELECT "id", "user_id", "seller_id", "expires_at", "created_at" FROM `sessions`;--> statement-breakpoint
DROP TABLE `sessions`;--> statement-breakpoint
ALTER TABLE `__new_sessions` RENAME TO `sessions`;--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE INDEX `sessions_seller_idx` ON `sessions` (`seller_id`);--> statement-breakpoint
CREATE TABLE `__new_stripe_events` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
INSERT INTO `__new_stripe_events`("id", "type", "created_at") SELECT "id", "type", "created_at" FROM `stripe_events`;--> statement-breakpoint
DROP TABLE `stripe_events`;--> statement-breakpoint
ALTER TABLE `__new_stripe_events` RENAME TO `stripe_events`;--> statement-breakpoint
CREATE TABLE `__new_users` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`password_hash` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
INSERT INTO `__new_users`("id", "name", "email", "password_hash", "created_at") SELECT "id", "name", "email", "password_hash", "created_at" FROM `users`;--> statement-breakpoint
DROP TABLE `users`;--> statement-breakpoint
ALTER TABLE `__new_users` RENAME TO `users`;--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
ALTER TABLE `cart_items` ADD `added_at` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `order_items` ADD `position` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Existing lines keep the order they had (SQLite's rowid order): they were added before any new line.
UPDATE `cart_items` SET `added_at` = `rowid`;--> statement-breakpoint
UPDATE `order_items` SET `position` = (
  SELECT count(*) FROM `order_items` AS `earlier`
  WHERE `earlier`.`order_id` = `order_items`.`order_id` AND `earlier`.`rowid` < `order_items`.`rowid`
);
