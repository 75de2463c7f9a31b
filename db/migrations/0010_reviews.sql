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
ALTER TABLE `products` ADD `review_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `products` ADD `rating_total` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `products` ADD `rating_average` real;--> statement-breakpoint
ALTER TABLE `products` ADD `rating_stars` text DEFAULT '[0,0,0,0,0]' NOT NULL;--> statement-breakpoint
CREATE INDEX `products_listing_rating_idx` ON `products` (`in_stock`,`removed_at`,`rating_average`,`seq`);--> statement-breakpoint
CREATE INDEX `products_category_rating_idx` ON `products` (`category`,`in_stock`,`removed_at`,`rating_average`,`seq`);
