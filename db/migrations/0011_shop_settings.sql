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
- An order can be cancelled until it is shipped.');
--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_orders` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`payment_type` text NOT NULL,
	`subtotal_cents` integer NOT NULL,
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
	CONSTRAINT "orders_amounts" CHECK("__new_orders"."amount_cents" = "__new_orders"."subtotal_cents" + "__new_orders"."shipping_cents" + (CASE WHEN "__new_orders"."tax_included" THEN 0 ELSE "__new_orders"."tax_cents" END))
);
--> statement-breakpoint
-- Orders placed before shop settings: US dollars, 2% added on top, free shipping (the columns' defaults).
INSERT INTO `__new_orders`("id", "user_id", "payment_type", "subtotal_cents", "tax_cents", "amount_cents", "status", "is_paid", "paid_at", "address_id", "address", "request_key", "stripe_session_id", "stock_returned_at", "created_at", "updated_at") SELECT "id", "user_id", "payment_type", "subtotal_cents", "tax_cents", "amount_cents", "status", "is_paid", "paid_at", "address_id", "address", "request_key", "stripe_session_id", "stock_returned_at", "created_at", "updated_at" FROM `orders`;--> statement-breakpoint
DROP TABLE `orders`;--> statement-breakpoint
ALTER TABLE `__new_orders` RENAME TO `orders`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `orders_stripe_session_id_unique` ON `orders` (`stripe_session_id`);--> statement-breakpoint
CREATE INDEX `orders_user_idx` ON `orders` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `orders_created_idx` ON `orders` (`created_at`);--> statement-breakpoint
CREATE INDEX `orders_status_idx` ON `orders` (`status`,`payment_type`,`is_paid`);--> statement-breakpoint
CREATE UNIQUE INDEX `orders_request_key_idx` ON `orders` (`user_id`,`request_key`);
