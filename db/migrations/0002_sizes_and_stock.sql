-- Sizes and stock counts (docs/decisions/0023-sizes-and-stock-counts.md). Today's one "size" label of a
-- product becomes its only size, not counted; a product without a label gets the one line of a product
-- without sizes (size ''). Cart lines and order lines of such a product take that label as their size, so
-- nothing a shopper chose or bought is lost. No count is set: every product keeps selling as before.
CREATE TABLE `product_sizes` (
	`product_id` text NOT NULL,
	`size` text NOT NULL,
	`position` integer NOT NULL,
	`stock` integer,
	PRIMARY KEY(`product_id`, `size`),
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `product_sizes`("product_id", "size", "position", "stock") SELECT "id", COALESCE(TRIM("size"), ''), 0, NULL FROM `products`;--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_cart_items` (
	`user_id` text NOT NULL,
	`product_id` text NOT NULL,
	`size` text DEFAULT '' NOT NULL,
	`quantity` integer NOT NULL,
	`added_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `product_id`, `size`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "cart_items_quantity" CHECK("__new_cart_items"."quantity" > 0)
);
--> statement-breakpoint
INSERT INTO `__new_cart_items`("user_id", "product_id", "size", "quantity", "added_at") SELECT c."user_id", c."product_id", COALESCE(TRIM(p."size"), ''), c."quantity", c."added_at" FROM `cart_items` c LEFT JOIN `products` p ON p."id" = c."product_id";--> statement-breakpoint
DROP TABLE `cart_items`;--> statement-breakpoint
ALTER TABLE `__new_cart_items` RENAME TO `cart_items`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
ALTER TABLE `order_items` ADD `size` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `order_items` ADD `stock_taken` integer DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE `order_items` SET "size" = COALESCE((SELECT TRIM(p."size") FROM `products` p WHERE p."id" = `order_items`."product_id"), '');--> statement-breakpoint
ALTER TABLE `orders` ADD `stock_returned_at` integer;--> statement-breakpoint
ALTER TABLE `products` DROP COLUMN `size`;
