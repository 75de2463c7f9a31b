CREATE TABLE `cart_discount_codes` (
	`user_id` text PRIMARY KEY NOT NULL,
	`code` text NOT NULL,
	`applied_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `discount_codes` (
	`id` text PRIMARY KEY NOT NULL,
	`code` text NOT NULL,
	`kind` text NOT NULL,
	`value` integer NOT NULL,
	`min_subtotal_cents` integer,
	`starts_at` integer,
	`ends_at` integer,
	`max_uses` integer,
	`max_uses_per_shopper` integer,
	`uses` integer DEFAULT 0 NOT NULL,
	`product_ids` text DEFAULT '[]' NOT NULL,
	`categories` text DEFAULT '[]' NOT NULL,
	`paused` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer,
	CONSTRAINT "discount_codes_value" CHECK("discount_codes"."value" > 0 AND ("discount_codes"."kind" <> 'percent' OR "discount_codes"."value" <= 100)),
	CONSTRAINT "discount_codes_uses" CHECK("discount_codes"."uses" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `discount_codes_code_unique` ON `discount_codes` (`code`);--> statement-breakpoint
CREATE TABLE `discount_uses` (
	`id` text PRIMARY KEY NOT NULL,
	`code_id` text NOT NULL,
	`order_id` text NOT NULL,
	`user_id` text NOT NULL,
	`state` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer,
	FOREIGN KEY (`code_id`) REFERENCES `discount_codes`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `discount_uses_order_id_unique` ON `discount_uses` (`order_id`);--> statement-breakpoint
CREATE INDEX `discount_uses_shopper_idx` ON `discount_uses` (`code_id`,`user_id`,`state`);--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_orders` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`payment_type` text NOT NULL,
	`subtotal_cents` integer NOT NULL,
	`discount_cents` integer DEFAULT 0 NOT NULL,
	`discount_code` text,
	`tax_cents` integer NOT NULL,
	`amount_cents` integer NOT NULL,
	`status` text DEFAULT 'Order Placed' NOT NULL,
	`is_paid` integer DEFAULT false NOT NULL,
	`paid_at` integer,
	`address_id` text,
	`address` text NOT NULL,
	`request_key` text,
	`stripe_session_id` text,
	`stock_returned_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`address_id`) REFERENCES `addresses`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "orders_amounts" CHECK("__new_orders"."amount_cents" = "__new_orders"."subtotal_cents" - "__new_orders"."discount_cents" + "__new_orders"."tax_cents" AND "__new_orders"."discount_cents" >= 0 AND "__new_orders"."discount_cents" <= "__new_orders"."subtotal_cents")
);
--> statement-breakpoint
INSERT INTO `__new_orders`("id", "user_id", "payment_type", "subtotal_cents", "discount_cents", "discount_code", "tax_cents", "amount_cents", "status", "is_paid", "paid_at", "address_id", "address", "request_key", "stripe_session_id", "stock_returned_at", "created_at", "updated_at") SELECT "id", "user_id", "payment_type", "subtotal_cents", 0, NULL, "tax_cents", "amount_cents", "status", "is_paid", "paid_at", "address_id", "address", "request_key", "stripe_session_id", "stock_returned_at", "created_at", "updated_at" FROM `orders`;--> statement-breakpoint
DROP TABLE `orders`;--> statement-breakpoint
ALTER TABLE `__new_orders` RENAME TO `orders`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `orders_stripe_session_id_unique` ON `orders` (`stripe_session_id`);--> statement-breakpoint
CREATE INDEX `orders_user_idx` ON `orders` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `orders_created_idx` ON `orders` (`created_at`);--> statement-breakpoint
CREATE INDEX `orders_status_idx` ON `orders` (`status`,`payment_type`,`is_paid`);--> statement-breakpoint
CREATE UNIQUE INDEX `orders_request_key_idx` ON `orders` (`user_id`,`request_key`);
