ALTER TABLE `order_items` ADD `discount_cents` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `checkout_client` text;--> statement-breakpoint
CREATE INDEX `orders_checkout_client_idx` ON `orders` (`checkout_client`);--> statement-breakpoint
ALTER TABLE `sellers` ADD `name` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `shop_settings` ADD `country` text DEFAULT 'US' NOT NULL;--> statement-breakpoint
ALTER TABLE `shop_settings` ADD `locale` text DEFAULT 'en-US' NOT NULL;--> statement-breakpoint
ALTER TABLE `shop_settings` ADD `return_days` integer;--> statement-breakpoint
ALTER TABLE `shop_settings` ADD `demo` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `shop_settings` ADD `low_stock_threshold` integer DEFAULT 5 NOT NULL;--> statement-breakpoint
-- A shop whose catalogue is the demo's is the demo shop: its offers (/deals) and its 30-day returns promise.
UPDATE `shop_settings` SET `demo` = 1, `return_days` = 30 WHERE EXISTS (SELECT 1 FROM `products` WHERE `products`.`demo` = 1);--> statement-breakpoint
-- Any other shop (one started with DEMO=off, or before its first seed) loses what the demo's row (0008) said for it:
-- the demo's tagline, contact details and policies, where the owner has not changed them. db/seed.ts writes them back
-- for the demo shop when it loads the demo catalogue.
UPDATE `shop_settings` SET `tagline` = '' WHERE `demo` = 0 AND `tagline` = 'Fashion for everyone';--> statement-breakpoint
UPDATE `shop_settings` SET `contact_email` = '' WHERE `demo` = 0 AND `contact_email` = 'support@trendora.example';--> statement-breakpoint
UPDATE `shop_settings` SET `phone` = '' WHERE `demo` = 0 AND `phone` = '+1 (415) 555-0134';--> statement-breakpoint
UPDATE `shop_settings` SET `address` = '' WHERE `demo` = 0 AND `address` = 'Trendora Fashion Showroom
245 Market Street, Suite 300
San Francisco, CA 94105
United States';--> statement-breakpoint
UPDATE `shop_settings` SET `opening_hours` = '' WHERE `demo` = 0 AND `opening_hours` = 'Mon-Fri 9 AM - 8 PM
Sat-Sun 10 AM - 6 PM';--> statement-breakpoint
UPDATE `shop_settings` SET `shipping_policy` = '' WHERE `demo` = 0 AND `shipping_policy` = 'We ship every order within **2 working days**.

- Shipping is free on every order.
- You get a mail when your order is on its way.';--> statement-breakpoint
UPDATE `shop_settings` SET `returns_policy` = '' WHERE `demo` = 0 AND `returns_policy` = 'You can return any item within **30 days** of delivery, unworn and with its tags.

- Write to us with your order number.
- We refund the amount you paid once the item is back.';--> statement-breakpoint
UPDATE `shop_settings` SET `privacy_policy` = '' WHERE `demo` = 0 AND `privacy_policy` = 'We keep only what we need to deliver your orders: your name, your email, your addresses and your orders.

- We never sell your data.
- Ask us to see or delete what we hold about you.';--> statement-breakpoint
UPDATE `shop_settings` SET `terms_policy` = '' WHERE `demo` = 0 AND `terms_policy` = 'By placing an order you agree to pay the amount shown at checkout.

- Prices include the tax only where the product page says so.
- An order can be cancelled until it is shipped.';
