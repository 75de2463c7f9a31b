-- A shop that is not the demo and has no seller yet (not set up) is not named after the demo (decision 0280):
-- migration 0008 wrote the demo's name into the one settings row; the demo seed writes it back for the demo.
-- `version` stays 1: the row is still the migration's own, never saved (db:copy's empty-target check reads it so).
UPDATE `shop_settings` SET `name` = 'Online Shop', `mail_sender_name` = CASE WHEN `mail_sender_name` = 'Trendora' THEN 'Online Shop' ELSE `mail_sender_name` END WHERE `demo` = 0 AND `name` = 'Trendora' AND NOT EXISTS (SELECT 1 FROM `sellers`);
