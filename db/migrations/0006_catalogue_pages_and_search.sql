-- Pages that cost what they show (docs/decisions/0101-catalogue-pages-and-search.md).
-- `seq`: each product's place in "newest first", unique and integer, so lists and the search index share one
-- order: created_at × 1024 plus its rank among products made in the same millisecond (by id, like the old
-- tie-break). New products get theirs from the trigger below.
ALTER TABLE `products` ADD `seq` integer;--> statement-breakpoint
ALTER TABLE `products` ADD `units_sold` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE `products` SET `seq` = ranked.seq FROM (
  SELECT `id`, `created_at` * 1024 + row_number() OVER (PARTITION BY `created_at` ORDER BY `id`) - 1 AS seq FROM `products`
) AS ranked WHERE ranked.`id` = `products`.`id`;--> statement-breakpoint
-- The trending count: units in placed orders (cash, or online once paid) that were not cancelled.
UPDATE `products` SET `units_sold` = sold.units FROM (
  SELECT i.`product_id`, sum(i.`quantity`) AS units FROM `order_items` i JOIN `orders` o ON o.`id` = i.`order_id`
  WHERE (o.`payment_type` = 'COD' OR o.`is_paid` = 1) AND o.`status` <> 'Cancelled' GROUP BY i.`product_id`
) AS sold WHERE sold.`product_id` = `products`.`id`;--> statement-breakpoint
DROP INDEX `products_category_idx`;--> statement-breakpoint
CREATE UNIQUE INDEX `products_seq_idx` ON `products` (`seq`);--> statement-breakpoint
CREATE INDEX `products_listing_idx` ON `products` (`in_stock`,`removed_at`,`seq`);--> statement-breakpoint
CREATE INDEX `products_listing_price_idx` ON `products` (`in_stock`,`removed_at`,`offer_price_cents`,`seq`);--> statement-breakpoint
CREATE INDEX `products_category_listing_idx` ON `products` (`category`,`in_stock`,`removed_at`,`seq`);--> statement-breakpoint
CREATE INDEX `products_category_price_idx` ON `products` (`category`,`in_stock`,`removed_at`,`offer_price_cents`,`seq`);--> statement-breakpoint
CREATE INDEX `products_on_sale_idx` ON `products` (`removed_at`,`seq`);--> statement-breakpoint
CREATE INDEX `products_category_on_sale_idx` ON `products` (`category`,`removed_at`,`seq`);--> statement-breakpoint
CREATE INDEX `products_trending_idx` ON `products` (`in_stock`,`removed_at`,`units_sold`,`seq`);--> statement-breakpoint
CREATE TRIGGER `products_seq_on_insert` AFTER INSERT ON `products` WHEN new.`seq` IS NULL BEGIN
  UPDATE `products` SET `seq` = coalesce(
    (SELECT max(`seq`) + 1 FROM `products` WHERE `seq` BETWEEN new.`created_at` * 1024 AND new.`created_at` * 1024 + 1023),
    new.`created_at` * 1024
  ) WHERE `id` = new.`id`;
END;--> statement-breakpoint
-- Search: an FTS5 trigram index of the names, folded by store_fold (NFKC + lower case, registered on every
-- connection by app/lib/sqlite-search.server.ts), keyed by seq; kept in step by triggers. A migration that
-- rebuilds the products table drops these triggers: it must create them again.
CREATE VIRTUAL TABLE `products_search` USING fts5(`name`, content='', contentless_delete=1, tokenize='trigram case_sensitive 1');--> statement-breakpoint
INSERT INTO `products_search` (rowid, `name`) SELECT `seq`, store_fold(`name`) FROM `products`;--> statement-breakpoint
CREATE TRIGGER `products_search_on_insert` AFTER INSERT ON `products` WHEN new.`seq` IS NOT NULL BEGIN
  INSERT INTO `products_search` (rowid, `name`) VALUES (new.`seq`, store_fold(new.`name`));
END;--> statement-breakpoint
CREATE TRIGGER `products_search_on_update` AFTER UPDATE OF `name`, `seq` ON `products` BEGIN
  DELETE FROM `products_search` WHERE rowid = old.`seq`;
  INSERT INTO `products_search` (rowid, `name`) SELECT new.`seq`, store_fold(new.`name`) WHERE new.`seq` IS NOT NULL;
END;--> statement-breakpoint
CREATE TRIGGER `products_search_on_delete` AFTER DELETE ON `products` BEGIN
  DELETE FROM `products_search` WHERE rowid = old.`seq`;
END;--> statement-breakpoint
-- The catalogue's version: up by one with every change to a product or to its sizes and stock counts (a page
-- cached at an older version is stale).
CREATE TABLE `catalogue_version` (
	`id` integer PRIMARY KEY NOT NULL,
	`version` integer NOT NULL
);
--> statement-breakpoint
INSERT INTO `catalogue_version` (`id`, `version`) VALUES (1, 1);--> statement-breakpoint
CREATE TRIGGER `catalogue_version_on_insert` AFTER INSERT ON `products` BEGIN
  UPDATE `catalogue_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `catalogue_version_on_update` AFTER UPDATE ON `products` BEGIN
  UPDATE `catalogue_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `catalogue_version_on_delete` AFTER DELETE ON `products` BEGIN
  UPDATE `catalogue_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `catalogue_version_on_size_insert` AFTER INSERT ON `product_sizes` BEGIN
  UPDATE `catalogue_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `catalogue_version_on_size_update` AFTER UPDATE ON `product_sizes` BEGIN
  UPDATE `catalogue_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `catalogue_version_on_size_delete` AFTER DELETE ON `product_sizes` BEGIN
  UPDATE `catalogue_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
