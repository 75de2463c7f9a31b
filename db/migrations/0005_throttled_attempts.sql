CREATE TABLE `throttled_attempts` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`email` text,
	`client` text NOT NULL,
	`at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `throttled_attempts_email_idx` ON `throttled_attempts` (`kind`,`email`,`at`);--> statement-breakpoint
CREATE INDEX `throttled_attempts_client_idx` ON `throttled_attempts` (`kind`,`client`,`at`);--> statement-breakpoint
CREATE INDEX `throttled_attempts_at_idx` ON `throttled_attempts` (`at`);