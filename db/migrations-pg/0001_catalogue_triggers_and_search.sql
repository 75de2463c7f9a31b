-- What SQLite's migrations do besides tables and indexes, written for PostgreSQL (docs/decisions/0142):
-- products' `seq`, the catalogue's version and its triggers, the shop's settings row (SQLite's 0006 and 0008),
-- and the search column and trigram index (app/lib/pg-search.server.ts; SQLite has an FTS5 index instead).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
-- `seq` = created_at × 1024 + the product's rank among those made in the same millisecond (see db/schema.ts).
-- Two servers may insert products in the same millisecond: the advisory lock makes the second wait for the
-- first's commit, and at READ COMMITTED its query then sees the first's row (under SERIALIZABLE the same race
-- ends in a serialisation failure, which the transaction helper retries).
CREATE FUNCTION products_seq_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.seq IS NULL THEN
    PERFORM pg_advisory_xact_lock(hashtext('products.seq'));
    NEW.seq := coalesce(
      (SELECT max(seq) + 1 FROM products WHERE seq BETWEEN NEW.created_at * 1024 AND NEW.created_at * 1024 + 1023),
      NEW.created_at * 1024
    );
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER products_seq_on_insert BEFORE INSERT ON products FOR EACH ROW EXECUTE FUNCTION products_seq_on_insert();--> statement-breakpoint
-- The catalogue's version goes up with every committed change to a product or to its sizes and stock counts.
-- Once per transaction, at its commit (a deferred constraint trigger; the flag is local to the transaction):
-- the row lock on catalogue_version is then held for the commit only, not for the rest of a checkout.
INSERT INTO catalogue_version (id, version) VALUES (1, 1);--> statement-breakpoint
CREATE FUNCTION catalogue_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('store.catalogue_bumped', true), '') <> 'on' THEN
    PERFORM set_config('store.catalogue_bumped', 'on', true);
    UPDATE catalogue_version SET version = version + 1 WHERE id = 1;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER catalogue_version_on_products AFTER INSERT OR UPDATE OR DELETE ON products
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION catalogue_version_bump();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER catalogue_version_on_sizes AFTER INSERT OR UPDATE OR DELETE ON product_sizes
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION catalogue_version_bump();--> statement-breakpoint
-- Search: the name folded as the app folds it (NFKC, then lower case: foldForSearch in
-- app/lib/sqlite-search.server.ts). lower() under ICU's root collation maps case as JavaScript does (full
-- Unicode mapping, a final Σ to ς, İ to i̇), whatever the database's own locale; the column itself compares
-- bytes (COLLATE "C"), as SQLite's instr and FTS5 do. A trigram GIN index answers LIKE '%…%' on it.
ALTER TABLE products ADD COLUMN name_folded text COLLATE "C"
  GENERATED ALWAYS AS (lower(normalize(name, NFKC) COLLATE "und-x-icu")) STORED;--> statement-breakpoint
CREATE INDEX products_name_folded_trgm_idx ON products USING gin (name_folded gin_trgm_ops);--> statement-breakpoint
-- The shop's settings row, with the values SQLite's migration 0008 gives it.
INSERT INTO "shop_settings" ("id", "name", "tagline", "contact_email", "phone", "address", "opening_hours", "shipping_policy", "returns_policy", "privacy_policy", "terms_policy") VALUES (1, 'Trendora', 'Fashion for everyone', 'support@trendora.example', '+1 (415) 555-0134', 'Trendora Fashion Showroom
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
