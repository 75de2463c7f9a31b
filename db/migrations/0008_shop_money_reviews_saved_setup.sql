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
CREATE TABLE `order_payments` (
	`order_id` text PRIMARY KEY NOT NULL,
	`payment_intent_id` text,
	`returned_at` integer,
	`exported_at` integer,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `order_payments_payment_intent_id_unique` ON `order_payments` (`payment_intent_id`);--> statement-breakpoint
CREATE TABLE `refunds` (
	`id` text PRIMARY KEY NOT NULL,
	`order_id` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`reason` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`stripe_refund_id` text,
	`idempotency_key` text NOT NULL,
	`restock` integer DEFAULT false NOT NULL,
	`lines` text,
	`failure` text,
	`retried_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "refunds_amount" CHECK("refunds"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `refunds_stripe_refund_id_unique` ON `refunds` (`stripe_refund_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `refunds_idempotency_key_unique` ON `refunds` (`idempotency_key`);--> statement-breakpoint
CREATE INDEX `refunds_order_idx` ON `refunds` (`order_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `review_settings` (
	`id` integer PRIMARY KEY NOT NULL,
	`hold_for_approval` integer DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE `reviews` (
	`id` text PRIMARY KEY NOT NULL,
	`product_id` text NOT NULL,
	`user_id` text NOT NULL,
	`rating` integer NOT NULL,
	`title` text DEFAULT '' NOT NULL,
	`body` text DEFAULT '' NOT NULL,
	`size` text DEFAULT '' NOT NULL,
	`status` text DEFAULT 'published' NOT NULL,
	`demo` integer DEFAULT false NOT NULL,
	`seller_reply` text,
	`replied_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "reviews_rating" CHECK("reviews"."rating" BETWEEN 1 AND 5)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `reviews_product_user_idx` ON `reviews` (`product_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `reviews_product_status_idx` ON `reviews` (`product_id`,`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `reviews_status_created_idx` ON `reviews` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `reviews_created_idx` ON `reviews` (`created_at`);--> statement-breakpoint
CREATE INDEX `reviews_user_idx` ON `reviews` (`user_id`);--> statement-breakpoint
CREATE TABLE `saved_items` (
	`user_id` text NOT NULL,
	`product_id` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `product_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `setup_tokens` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `shop_settings` (
	`id` integer PRIMARY KEY NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`name` text DEFAULT 'Trendora' NOT NULL,
	`tagline` text DEFAULT 'Fashion for everyone' NOT NULL,
	`logo_url` text DEFAULT '' NOT NULL,
	`contact_email` text DEFAULT '' NOT NULL,
	`phone` text DEFAULT '' NOT NULL,
	`address` text DEFAULT '' NOT NULL,
	`opening_hours` text DEFAULT '' NOT NULL,
	`mail_sender_name` text DEFAULT 'Trendora' NOT NULL,
	`currency` text DEFAULT 'USD' NOT NULL,
	`tax_rate_basis_points` integer DEFAULT 200 NOT NULL,
	`tax_included` integer DEFAULT false NOT NULL,
	`shipping_flat_cents` integer DEFAULT 0 NOT NULL,
	`free_shipping_from_cents` integer,
	`shipping_policy` text DEFAULT '' NOT NULL,
	`returns_policy` text DEFAULT '' NOT NULL,
	`privacy_policy` text DEFAULT '' NOT NULL,
	`terms_policy` text DEFAULT '' NOT NULL,
	`updated_at` integer,
	CONSTRAINT "shop_settings_one_row" CHECK("shop_settings"."id" = 1),
	CONSTRAINT "shop_settings_money" CHECK("shop_settings"."tax_rate_basis_points" >= 0 AND "shop_settings"."tax_rate_basis_points" <= 10000 AND "shop_settings"."shipping_flat_cents" >= 0)
);
--> statement-breakpoint
-- The one row, with today's shop: its contact details as the contact page had them, and short policies.
INSERT INTO `shop_settings` (`id`, `name`, `tagline`, `contact_email`, `phone`, `address`, `opening_hours`, `shipping_policy`, `returns_policy`, `privacy_policy`, `terms_policy`) VALUES (1, 'Trendora', 'Fashion for everyone', 'support@trendora.example', '+1 (415) 555-0134', 'Trendora Fashion Showroom
245 Market Street, Suite 300
San Francisco, CA 94105
United States', 'Mon-Fri 9 AM - 8 PM
Sat-Sun 10 AM - 6 PM', 'We ship every order within **2 working days**.

- Shipping is free on every order.
- You get a mail when your order is on its way.', 'You can return any item within **30 days** of delivery, unworn and with its tags.

- Write to us with your order number.
- We refund the amount you paid once the item is back.', 'We keep only what we need to deliver your orders: your name, your email, your addresses and your orders.

- We never sell your data.
- Ask us to see or delete what we hold about you.', 'By placing an order you agree to pay the amount shown at checkout.

- Prices include the tax only where the product page says so.
- An order can be cancelled until it is shipped.');--> statement-breakpoint
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
	`currency` text DEFAULT 'USD' NOT NULL,
	`tax_rate_basis_points` integer DEFAULT 200 NOT NULL,
	`tax_included` integer DEFAULT false NOT NULL,
	`shipping_cents` integer DEFAULT 0 NOT NULL,
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
	CONSTRAINT "orders_amounts" CHECK("__new_orders"."amount_cents" = "__new_orders"."subtotal_cents" - "__new_orders"."discount_cents" + "__new_orders"."shipping_cents" + (CASE WHEN "__new_orders"."tax_included" THEN 0 ELSE "__new_orders"."tax_cents" END) AND "__new_orders"."discount_cents" >= 0 AND "__new_orders"."discount_cents" <= "__new_orders"."subtotal_cents")
);
--> statement-breakpoint
-- Orders placed before: no discount, US dollars, 2% tax added on top, free shipping (the store until now).
INSERT INTO `__new_orders`("id", "user_id", "payment_type", "subtotal_cents", "discount_cents", "discount_code", "tax_cents", "amount_cents", "currency", "tax_rate_basis_points", "tax_included", "shipping_cents", "status", "is_paid", "paid_at", "address_id", "address", "request_key", "stripe_session_id", "stock_returned_at", "created_at", "updated_at") SELECT "id", "user_id", "payment_type", "subtotal_cents", 0, NULL, "tax_cents", "amount_cents", 'USD', 200, false, 0, "status", "is_paid", "paid_at", "address_id", "address", "request_key", "stripe_session_id", "stock_returned_at", "created_at", "updated_at" FROM `orders`;--> statement-breakpoint
DROP TABLE `orders`;--> statement-breakpoint
ALTER TABLE `__new_orders` RENAME TO `orders`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `orders_stripe_session_id_unique` ON `orders` (`stripe_session_id`);--> statement-breakpoint
CREATE INDEX `orders_user_idx` ON `orders` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `orders_created_idx` ON `orders` (`created_at`);--> statement-breakpoint
CREATE INDEX `orders_status_idx` ON `orders` (`status`,`payment_type`,`is_paid`);--> statement-breakpoint
CREATE UNIQUE INDEX `orders_request_key_idx` ON `orders` (`user_id`,`request_key`);--> statement-breakpoint
ALTER TABLE `products` ADD `demo` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `products` ADD `review_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `products` ADD `rating_total` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `products` ADD `rating_average` real;--> statement-breakpoint
ALTER TABLE `products` ADD `rating_stars` text DEFAULT '[0,0,0,0,0]' NOT NULL;--> statement-breakpoint
CREATE INDEX `products_listing_rating_idx` ON `products` (`in_stock`,`removed_at`,`rating_average`,`seq`);--> statement-breakpoint
CREATE INDEX `products_category_rating_idx` ON `products` (`category`,`in_stock`,`removed_at`,`rating_average`,`seq`);