ALTER TABLE "orders" ADD COLUMN "checkout_client" text;--> statement-breakpoint
CREATE INDEX "orders_checkout_client_idx" ON "orders" USING btree ("checkout_client");