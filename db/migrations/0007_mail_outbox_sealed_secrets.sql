ALTER TABLE `mail_outbox` ADD `sealed_secret` text;--> statement-breakpoint
ALTER TABLE `mail_outbox` ADD `secret_expires_at` integer;--> statement-breakpoint
-- Reset mails written before this migration hold their working link in plain text (issue 16): those links
-- stop working, and the stored mails lose them (a shopper who still needs one asks again).
UPDATE `password_resets` SET `used_at` = CAST(strftime('%s', 'now') AS integer) * 1000 WHERE `used_at` IS NULL;--> statement-breakpoint
UPDATE `mail_outbox` SET
  `text_body` = '(removed: this mail held a password-reset link)',
  `html_body` = '<p>(removed: this mail held a password-reset link)</p>',
  `state` = CASE WHEN `state` IN ('pending', 'sending') THEN 'failed' ELSE `state` END,
  `last_error` = CASE WHEN `state` IN ('pending', 'sending') THEN 'its link was stored unsealed: withdrawn' ELSE `last_error` END,
  `claim_token` = NULL
WHERE `kind` = 'password-reset';
