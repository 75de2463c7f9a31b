CREATE TABLE "addresses" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"street" text NOT NULL,
	"city" text NOT NULL,
	"state" text DEFAULT '' NOT NULL,
	"zipcode" text NOT NULL,
	"country" text NOT NULL,
	"phone" text NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cart_discount_codes" (
	"user_id" text PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"applied_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cart_items" (
	"user_id" text NOT NULL,
	"product_id" text NOT NULL,
	"size" text DEFAULT '' NOT NULL,
	"quantity" integer NOT NULL,
	"added_at" bigint NOT NULL,
	CONSTRAINT "cart_items_user_id_product_id_size_pk" PRIMARY KEY("user_id","product_id","size"),
	CONSTRAINT "cart_items_quantity" CHECK ("cart_items"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "catalogue_version" (
	"id" integer PRIMARY KEY NOT NULL,
	"version" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "discount_codes" (
	"id" text PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"value" bigint NOT NULL,
	"min_subtotal_cents" bigint,
	"starts_at" bigint,
	"ends_at" bigint,
	"max_uses" integer,
	"max_uses_per_shopper" integer,
	"uses" integer DEFAULT 0 NOT NULL,
	"product_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"categories" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint,
	CONSTRAINT "discount_codes_code_unique" UNIQUE("code"),
	CONSTRAINT "discount_codes_value" CHECK ("discount_codes"."value" > 0 AND ("discount_codes"."kind" <> 'percent' OR "discount_codes"."value" <= 100)),
	CONSTRAINT "discount_codes_uses" CHECK ("discount_codes"."uses" >= 0)
);
--> statement-breakpoint
CREATE TABLE "discount_uses" (
	"id" text PRIMARY KEY NOT NULL,
	"code_id" text NOT NULL,
	"order_id" text NOT NULL,
	"user_id" text NOT NULL,
	"state" text NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint,
	CONSTRAINT "discount_uses_order_id_unique" UNIQUE("order_id")
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" text PRIMARY KEY NOT NULL,
	"message_id" text NOT NULL,
	"kind" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"due_at" bigint NOT NULL,
	"claim_token" text,
	"last_error" text,
	"sent_at" bigint,
	"sealed_secret" text,
	"secret_expires_at" bigint,
	"created_at" bigint NOT NULL,
	CONSTRAINT "mail_outbox_message_id_unique" UNIQUE("message_id")
);
--> statement-breakpoint
CREATE TABLE "newsletter_subscribers" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"created_at" bigint NOT NULL,
	CONSTRAINT "newsletter_subscribers_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"product_id" text NOT NULL,
	"size" text DEFAULT '' NOT NULL,
	"quantity" integer NOT NULL,
	"stock_taken" boolean DEFAULT false NOT NULL,
	"unit_price_cents" bigint NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "order_items_quantity" CHECK ("order_items"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "order_payments" (
	"order_id" text PRIMARY KEY NOT NULL,
	"payment_intent_id" text,
	"returned_at" bigint,
	"exported_at" bigint,
	CONSTRAINT "order_payments_payment_intent_id_unique" UNIQUE("payment_intent_id")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"payment_type" text NOT NULL,
	"subtotal_cents" bigint NOT NULL,
	"discount_cents" bigint DEFAULT 0 NOT NULL,
	"discount_code" text,
	"tax_cents" bigint NOT NULL,
	"amount_cents" bigint NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"tax_rate_basis_points" integer DEFAULT 200 NOT NULL,
	"tax_included" boolean DEFAULT false NOT NULL,
	"shipping_cents" bigint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'Order Placed' NOT NULL,
	"is_paid" boolean DEFAULT false NOT NULL,
	"paid_at" bigint,
	"address_id" text,
	"address" jsonb NOT NULL,
	"request_key" text,
	"stripe_session_id" text,
	"stock_returned_at" bigint,
	"created_at" bigint NOT NULL,
	"updated_at" bigint,
	CONSTRAINT "orders_stripe_session_id_unique" UNIQUE("stripe_session_id"),
	CONSTRAINT "orders_amounts" CHECK ("orders"."amount_cents" = "orders"."subtotal_cents" - "orders"."discount_cents" + "orders"."shipping_cents" + (CASE WHEN "orders"."tax_included" THEN 0 ELSE "orders"."tax_cents" END) AND "orders"."discount_cents" >= 0 AND "orders"."discount_cents" <= "orders"."subtotal_cents")
);
--> statement-breakpoint
CREATE TABLE "password_resets" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" bigint NOT NULL,
	"used_at" bigint,
	"created_at" bigint NOT NULL,
	CONSTRAINT "password_resets_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "product_sizes" (
	"product_id" text NOT NULL,
	"size" text NOT NULL,
	"position" integer NOT NULL,
	"stock" integer,
	CONSTRAINT "product_sizes_product_id_size_pk" PRIMARY KEY("product_id","size")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"description" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"price_cents" bigint NOT NULL,
	"offer_price_cents" bigint NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"in_stock" boolean DEFAULT true NOT NULL,
	"created_at" bigint NOT NULL,
	"removed_at" bigint,
	"seq" bigint,
	"units_sold" integer DEFAULT 0 NOT NULL,
	"demo" boolean DEFAULT false NOT NULL,
	"review_count" integer DEFAULT 0 NOT NULL,
	"rating_total" integer DEFAULT 0 NOT NULL,
	"rating_average" double precision,
	"rating_stars" jsonb DEFAULT '[0,0,0,0,0]'::jsonb NOT NULL,
	CONSTRAINT "products_price_check" CHECK ("products"."price_cents" >= 0 AND "products"."offer_price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"reason" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"stripe_refund_id" text,
	"idempotency_key" text NOT NULL,
	"restock" boolean DEFAULT false NOT NULL,
	"lines" jsonb,
	"failure" text,
	"retried_at" bigint,
	"created_at" bigint NOT NULL,
	"updated_at" bigint,
	CONSTRAINT "refunds_stripe_refund_id_unique" UNIQUE("stripe_refund_id"),
	CONSTRAINT "refunds_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "refunds_amount" CHECK ("refunds"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "review_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"hold_for_approval" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" text PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL,
	"user_id" text NOT NULL,
	"rating" integer NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"size" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'published' NOT NULL,
	"demo" boolean DEFAULT false NOT NULL,
	"seller_reply" text,
	"replied_at" bigint,
	"created_at" bigint NOT NULL,
	"updated_at" bigint,
	CONSTRAINT "reviews_rating" CHECK ("reviews"."rating" BETWEEN 1 AND 5)
);
--> statement-breakpoint
CREATE TABLE "saved_items" (
	"user_id" text NOT NULL,
	"product_id" text NOT NULL,
	"created_at" bigint NOT NULL,
	CONSTRAINT "saved_items_user_id_product_id_pk" PRIMARY KEY("user_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "sellers" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"created_at" bigint NOT NULL,
	CONSTRAINT "sellers_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text,
	"seller_id" text,
	"expires_at" bigint NOT NULL,
	"created_at" bigint NOT NULL,
	CONSTRAINT "sessions_one_subject" CHECK (("sessions"."user_id" IS NULL) <> ("sessions"."seller_id" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "setup_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"expires_at" bigint NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"name" text DEFAULT 'Trendora' NOT NULL,
	"tagline" text DEFAULT 'Fashion for everyone' NOT NULL,
	"logo_url" text DEFAULT '' NOT NULL,
	"contact_email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"opening_hours" text DEFAULT '' NOT NULL,
	"mail_sender_name" text DEFAULT 'Trendora' NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"tax_rate_basis_points" integer DEFAULT 200 NOT NULL,
	"tax_included" boolean DEFAULT false NOT NULL,
	"shipping_flat_cents" bigint DEFAULT 0 NOT NULL,
	"free_shipping_from_cents" bigint,
	"shipping_policy" text DEFAULT '' NOT NULL,
	"returns_policy" text DEFAULT '' NOT NULL,
	"privacy_policy" text DEFAULT '' NOT NULL,
	"terms_policy" text DEFAULT '' NOT NULL,
	"updated_at" bigint,
	CONSTRAINT "shop_settings_one_row" CHECK ("shop_settings"."id" = 1),
	CONSTRAINT "shop_settings_money" CHECK ("shop_settings"."tax_rate_basis_points" >= 0 AND "shop_settings"."tax_rate_basis_points" <= 10000 AND "shop_settings"."shipping_flat_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stripe_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "throttled_attempts" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"email" text,
	"client" text NOT NULL,
	"at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"created_at" bigint NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_discount_codes" ADD CONSTRAINT "cart_discount_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_uses" ADD CONSTRAINT "discount_uses_code_id_discount_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."discount_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_uses" ADD CONSTRAINT "discount_uses_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_payments" ADD CONSTRAINT "order_payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_address_id_addresses_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."addresses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_sizes" ADD CONSTRAINT "product_sizes_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_items" ADD CONSTRAINT "saved_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_items" ADD CONSTRAINT "saved_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "addresses_user_idx" ON "addresses" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "discount_uses_shopper_idx" ON "discount_uses" USING btree ("code_id","user_id","state");--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("state","due_at");--> statement-breakpoint
CREATE INDEX "order_items_order_idx" ON "order_items" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "orders_status_idx" ON "orders" USING btree ("status","payment_type","is_paid");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_request_key_idx" ON "orders" USING btree ("user_id","request_key");--> statement-breakpoint
CREATE INDEX "password_resets_user_idx" ON "password_resets" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "product_sizes_stock_idx" ON "product_sizes" USING btree ("stock");--> statement-breakpoint
CREATE UNIQUE INDEX "products_seq_idx" ON "products" USING btree ("seq");--> statement-breakpoint
CREATE INDEX "products_listing_idx" ON "products" USING btree ("in_stock","removed_at","seq");--> statement-breakpoint
CREATE INDEX "products_listing_price_idx" ON "products" USING btree ("in_stock","removed_at","offer_price_cents","seq");--> statement-breakpoint
CREATE INDEX "products_category_listing_idx" ON "products" USING btree ("category","in_stock","removed_at","seq");--> statement-breakpoint
CREATE INDEX "products_category_price_idx" ON "products" USING btree ("category","in_stock","removed_at","offer_price_cents","seq");--> statement-breakpoint
CREATE INDEX "products_on_sale_idx" ON "products" USING btree ("removed_at","seq");--> statement-breakpoint
CREATE INDEX "products_category_on_sale_idx" ON "products" USING btree ("category","removed_at","seq");--> statement-breakpoint
CREATE INDEX "products_listing_rating_idx" ON "products" USING btree ("in_stock","removed_at","rating_average","seq");--> statement-breakpoint
CREATE INDEX "products_category_rating_idx" ON "products" USING btree ("category","in_stock","removed_at","rating_average","seq");--> statement-breakpoint
CREATE INDEX "products_trending_idx" ON "products" USING btree ("in_stock","removed_at","units_sold","seq");--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_product_user_idx" ON "reviews" USING btree ("product_id","user_id");--> statement-breakpoint
CREATE INDEX "reviews_product_status_idx" ON "reviews" USING btree ("product_id","status","created_at");--> statement-breakpoint
CREATE INDEX "reviews_status_created_idx" ON "reviews" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "reviews_created_idx" ON "reviews" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "reviews_user_idx" ON "reviews" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_seller_idx" ON "sessions" USING btree ("seller_id");--> statement-breakpoint
CREATE INDEX "throttled_attempts_email_idx" ON "throttled_attempts" USING btree ("kind","email","at");--> statement-breakpoint
CREATE INDEX "throttled_attempts_client_idx" ON "throttled_attempts" USING btree ("kind","client","at");--> statement-breakpoint
CREATE INDEX "throttled_attempts_at_idx" ON "throttled_attempts" USING btree ("at");