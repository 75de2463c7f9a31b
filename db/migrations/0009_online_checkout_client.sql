ALTER TABLE `orders` ADD `checkout_client` text;--> statement-breakpoint
CREATE INDEX `orders_checkout_client_idx` ON `orders` (`checkout_client`);