// The store's tables, written once for both engines (decision 0250): defineTables builds them with SQLite's
// column helpers (db/schema/sqlite.ts → db/schema.ts) or PostgreSQL's (db/schema/pg.ts → db/schema.pg.ts), and
// drizzle-kit generates each engine's migrations from its own entry. Money is always integer cents (minor units);
// times are Unix milliseconds; ids are random text ids (see app/lib/ids.ts), exposed as `_id` in /api JSON.
// Engine-specific machinery is hand-written SQL in each engine's migrations, not here: products' `seq` trigger,
// the catalogue_version triggers and the search index (app/modules/catalog/sqlite-search.server.ts, pg-search.server.ts).
import { type AnyColumn, sql } from "drizzle-orm";
import type { Columns } from "./sqlite.ts";
import * as v from "./values.ts";

/** The store's tables, built with one engine's column helpers. */
export function defineTables(c: Columns) {
  const { table, text, int, time, money, bool, real, json, jsonDefault, check, index, primaryKey, uniqueIndex } = c;
  const createdAt = (name = "created_at") => time(name).notNull().$defaultFn(v.tick);
  /** A foreign key to `target`, with what happens to the row when the row it points at is deleted. */
  const ref = <B extends { references(target: () => AnyColumn, actions: object): B }>(
    column: B,
    target: () => AnyColumn,
    onDelete?: "cascade" | "set null",
  ) => column.references(target, onDelete ? { onDelete } : {});

  const products = table(
    "products",
    {
      id: text("id").primaryKey(),
      name: text("name").notNull(),
      /** One of the category path values: Men, Women, Footwear, Accessories, Kids, Ethnic, Winter. */
      category: text("category").notNull(),
      /** Description lines, shown as bullets. */
      description: json<string[]>("description").notNull().default(jsonDefault("[]")),
      priceCents: money("price_cents").notNull(),
      offerPriceCents: money("offer_price_cents").notNull(),
      /** Image URLs (first is shown in lists). */
      images: json<string[]>("images").notNull().default(jsonDefault("[]")),
      /** The seller's switch: off hides the product from the shop whatever its counts. */
      inStock: bool("in_stock").notNull().default(true),
      createdAt: createdAt(),
      /** Set when the seller removes the product from sale; orders keep pointing at it. */
      removedAt: time("removed_at"),
      /**
       * The product's place in "newest first" (higher = newer): created_at × 1024 plus its rank among products
       * made in the same millisecond. Set by the database when a product is inserted (a trigger of migration
       * 0006), unique, and the order of every list and of the search index (whose rowid it is).
       */
      seq: time("seq"),
      /** Units in placed orders that were not cancelled: the trending count (app/modules/catalog/trending.server.ts). */
      unitsSold: int("units_sold").notNull().default(0),
      /** Loaded by the demo seed (db/seed.ts): the seller's "Remove the demo catalogue" takes these away. */
      demo: bool("demo").notNull().default(false),
      /**
       * The published reviews, kept by app/modules/reviews in the same transaction as every review change (never
       * counted per page): how many, the sum of their stars, the average (null without reviews: the rating sort's
       * column) and the count per star, 1 to 5.
       */
      reviewCount: int("review_count").notNull().default(0),
      ratingTotal: int("rating_total").notNull().default(0),
      ratingAverage: real("rating_average"),
      ratingStars: json<[number, number, number, number, number]>("rating_stars")
        .notNull()
        .default(jsonDefault("[0,0,0,0,0]")),
    },
    (t) => [
      uniqueIndex("products_seq_idx").on(t.seq),
      // Every list is read through one of these in its own order (the listing's offset walks the index only).
      index("products_listing_idx").on(t.inStock, t.removedAt, t.seq),
      index("products_listing_price_idx").on(t.inStock, t.removedAt, t.offerPriceCents, t.seq),
      index("products_category_listing_idx").on(t.category, t.inStock, t.removedAt, t.seq),
      index("products_category_price_idx").on(t.category, t.inStock, t.removedAt, t.offerPriceCents, t.seq),
      // /api/product/list pages: on sale, in stock or not.
      index("products_on_sale_idx").on(t.removedAt, t.seq),
      index("products_category_on_sale_idx").on(t.category, t.removedAt, t.seq),
      // Sorted by rating (best first, then newest): the list pages' rating sort walks these backwards.
      index("products_listing_rating_idx").on(t.inStock, t.removedAt, t.ratingAverage, t.seq),
      index("products_category_rating_idx").on(t.category, t.inStock, t.removedAt, t.ratingAverage, t.seq),
      index("products_trending_idx").on(t.inStock, t.removedAt, t.unitsSold, t.seq),
      check("products_price_check", sql`${t.priceCents} >= 0 AND ${t.offerPriceCents} >= 0`),
    ],
  );

  /**
   * One row (id 1) whose `version` goes up with every change to a product or to its sizes and stock counts
   * (triggers of migration 0006): pages cached for visitors without a session, and counts kept in memory, are
   * valid only for the version they were made at.
   */
  const catalogueVersion = table("catalogue_version", {
    id: int("id").primaryKey(),
    version: int("version").notNull(),
  });

  /**
   * What a product is sold in, and how many are left: either one line with size '' (a product without sizes,
   * shown as 'Free Size') or one line per size, in the seller's order. A count may be null: not counted (sold
   * until the seller switches the product off). Orders take units with a guarded decrement
   * (app/modules/inventory/stock.server.ts); a count goes below 0 only when a payment arrives for an order whose units
   * had already gone back (an oversold unit, recorded rather than hidden).
   */
  const productSizes = table(
    "product_sizes",
    {
      productId: ref(text("product_id").notNull(), () => products.id, "cascade"),
      /** The size label ('M', 'UK 8', '4-5 years'); '' for the one line of a product without sizes. */
      size: text("size").notNull(),
      /** The size's place in the product's list (0, 1, 2...). */
      position: int("position").notNull(),
      /** Units left; null = not counted. */
      stock: int("stock"),
    },
    // The stock index finds the sizes running low (the seller's overview) without reading every size.
    (t) => [primaryKey({ columns: [t.productId, t.size] }), index("product_sizes_stock_idx").on(t.stock)],
  );

  const newsletterSubscribers = table("newsletter_subscribers", {
    id: text("id").primaryKey(),
    /** Stored lower-cased, so uniqueness is case-insensitive. */
    email: text("email").notNull().unique(),
    createdAt: createdAt(),
  });

  const users = table("users", {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    /** Stored lower-cased, so uniqueness is case-insensitive. */
    email: text("email").notNull().unique(),
    passwordHash: text("password_hash").notNull(),
    createdAt: createdAt(),
  });

  const sellers = table("sellers", {
    id: text("id").primaryKey(),
    /** Stored lower-cased. */
    email: text("email").notNull().unique(),
    /** What the seller area greets them by ('Hi! <name>'); '' for none ('Hi! Seller'). */
    name: text("name").notNull().default(""),
    passwordHash: text("password_hash").notNull(),
    createdAt: createdAt(),
  });

  /** Shopper and seller sessions: the cookie holds only `id`. Exactly one of userId / sellerId is set. */
  const sessions = table(
    "sessions",
    {
      id: text("id").primaryKey(),
      userId: ref(text("user_id"), () => users.id, "cascade"),
      sellerId: ref(text("seller_id"), () => sellers.id, "cascade"),
      expiresAt: time("expires_at").notNull(),
      createdAt: createdAt(),
    },
    (t) => [
      index("sessions_user_idx").on(t.userId),
      index("sessions_seller_idx").on(t.sellerId),
      check("sessions_one_subject", sql`(${t.userId} IS NULL) <> (${t.sellerId} IS NULL)`),
    ],
  );

  /** A logged-in shopper's saved cart (a visitor's cart lives in a signed cookie). */
  const cartItems = table(
    "cart_items",
    {
      userId: ref(text("user_id").notNull(), () => users.id, "cascade"),
      productId: ref(text("product_id").notNull(), () => products.id, "cascade"),
      /** The size chosen ('' for a product without sizes): one line per product and size. */
      size: text("size").notNull().default(""),
      quantity: int("quantity").notNull(),
      /** When the line was first added: the cart lists its lines in this order. */
      addedAt: createdAt("added_at"),
    },
    (t) => [
      primaryKey({ columns: [t.userId, t.productId, t.size] }),
      check("cart_items_quantity", sql`${t.quantity} > 0`),
    ],
  );

  const addresses = table(
    "addresses",
    {
      id: text("id").primaryKey(),
      userId: ref(text("user_id").notNull(), () => users.id, "cascade"),
      firstName: text("first_name").notNull(),
      lastName: text("last_name").notNull().default(""),
      email: text("email").notNull().default(""),
      street: text("street").notNull(),
      city: text("city").notNull(),
      state: text("state").notNull().default(""),
      zipcode: text("zipcode").notNull(),
      country: text("country").notNull(),
      phone: text("phone").notNull(),
      createdAt: createdAt(),
    },
    (t) => [index("addresses_user_idx").on(t.userId)],
  );

  const orders = table(
    "orders",
    {
      id: text("id").primaryKey(),
      userId: ref(text("user_id").notNull(), () => users.id),
      paymentType: text("payment_type").$type<v.PaymentType>().notNull(),
      /** Σ unit price × quantity. */
      subtotalCents: money("subtotal_cents").notNull(),
      /** The discount code's amount off the subtotal (0 without a code); tax is on the subtotal after it. */
      discountCents: money("discount_cents").notNull().default(0),
      /** The discount code used, as the seller wrote it (normalised upper-case); null without one. */
      discountCode: text("discount_code"),
      taxCents: money("tax_cents").notNull(),
      /** What the shopper pays: subtotal − discount + shipping, + tax unless the prices included it. */
      amountCents: money("amount_cents").notNull(),
      /** The shop's currency when the order was placed (ISO 4217); every amount of the order is in its minor units. */
      currency: text("currency").notNull().default("USD"),
      /** The tax rate the order was placed with, in basis points (200 = 2%). */
      taxRateBasisPoints: int("tax_rate_basis_points").notNull().default(200),
      /** Whether the prices included the tax (taxCents is then the part of the subtotal that was tax). */
      taxIncluded: bool("tax_included").notNull().default(false),
      /** The shipping fee charged. */
      shippingCents: money("shipping_cents").notNull().default(0),
      status: text("status").$type<v.OrderStatus>().notNull().default("Order Placed"),
      isPaid: bool("is_paid").notNull().default(false),
      paidAt: time("paid_at"),
      addressId: ref(text("address_id"), () => addresses.id, "set null"),
      /** The address as it was when the order was placed. */
      address: json<v.OrderAddress>("address").notNull(),
      /** A per-form token: the same form submitted twice creates one order. */
      requestKey: text("request_key"),
      stripeSessionId: text("stripe_session_id").unique(),
      /**
       * Who started an online checkout: a keyed hash of the client's address (never the address itself), so open
       * checkouts are limited per address (decision 0212); null for cash orders and orders placed before.
       */
      checkoutClient: text("checkout_client"),
      /**
       * Set when the order's units went back to stock (cancelled, failed, expired): claimed with a conditional
       * update, so they go back once. Cleared when a payment arrives for it after all and they are taken again.
       */
      stockReturnedAt: time("stock_returned_at"),
      createdAt: createdAt(),
      updatedAt: time("updated_at"),
    },
    (t) => [
      index("orders_user_idx").on(t.userId, t.createdAt),
      index("orders_created_idx").on(t.createdAt),
      // The seller's overview counts orders by status from this index alone (no order rows are read).
      index("orders_status_idx").on(t.status, t.paymentType, t.isPaid),
      uniqueIndex("orders_request_key_idx").on(t.userId, t.requestKey),
      index("orders_checkout_client_idx").on(t.checkoutClient),
      check(
        "orders_amounts",
        sql`${t.amountCents} = ${t.subtotalCents} - ${t.discountCents} + ${t.shippingCents} + (CASE WHEN ${t.taxIncluded} THEN 0 ELSE ${t.taxCents} END) AND ${t.discountCents} >= 0 AND ${t.discountCents} <= ${t.subtotalCents}`,
      ),
    ],
  );

  const orderItems = table(
    "order_items",
    {
      id: text("id").primaryKey(),
      orderId: ref(text("order_id").notNull(), () => orders.id, "cascade"),
      productId: ref(text("product_id").notNull(), () => products.id),
      /** The size ordered ('' for a product without sizes), as it was labelled then. */
      size: text("size").notNull().default(""),
      quantity: int("quantity").notNull(),
      /** Whether placing the order took these units from a count (not for a size that was not counted). */
      stockTaken: bool("stock_taken").notNull().default(false),
      /** The product's offer price at the time of ordering. */
      unitPriceCents: money("unit_price_cents").notNull(),
      /** The line's place in the order (0, 1, 2...): lines are listed in this order. */
      position: int("position").notNull().default(0),
      /**
       * The line's share of the order's discount (computeTotals' lineDiscountCents): what a refund by line gives
       * back less. null on lines of orders placed before shares were stored (decision 0215: spread by amount).
       */
      discountCents: money("discount_cents"),
    },
    (t) => [index("order_items_order_idx").on(t.orderId), check("order_items_quantity", sql`${t.quantity} > 0`)],
  );

  /** Stripe webhook events already handled, recorded in the same transaction as their effect. */
  const stripeEvents = table("stripe_events", {
    id: text("id").primaryKey(),
    type: text("type").notNull(),
    receivedAt: createdAt(),
  });

  /**
   * The mail outbox: every email the store sends is first a row here, written in the same transaction as the
   * change it tells about (an order placed, paid, cancelled, a status change, a reset request), so a rolled-back
   * change sends nothing and a crash after the commit loses nothing. The sender (app/modules/mail/sender.server.ts)
   * claims due rows, sends them and records how it went.
   */
  const mailOutbox = table(
    "mail_outbox",
    {
      id: text("id").primaryKey(),
      /** The Message-ID header, fixed when the row is written: a resend carries the same one. */
      messageId: text("message_id").notNull().unique(),
      /** What the mail is about (order-confirmation, password-reset...), for the log and the tests. */
      kind: text("kind").notNull(),
      recipient: text("recipient").notNull(),
      subject: text("subject").notNull(),
      textBody: text("text_body").notNull(),
      htmlBody: text("html_body").notNull(),
      state: text("state").$type<v.MailState>().notNull().default("pending"),
      attempts: int("attempts").notNull().default(0),
      /** pending: when the next attempt may start. sending: when the sender's claim lapses (it crashed). */
      dueAt: time("due_at").notNull(),
      /** The claim of the sender that is sending it; its result counts only while it still holds the claim. */
      claimToken: text("claim_token"),
      lastError: text("last_error"),
      sentAt: time("sent_at"),
      /**
       * A secret the mail carries (a reset link's token), sealed with a key outside the database
       * (app/modules/mail/secrets.server.ts); the bodies hold a placeholder in its place. Wiped (null) once the
       * mail is sent or given up, and once `secretExpiresAt` has passed.
       */
      sealedSecret: text("sealed_secret"),
      /** When the secret stops working (the link's expiry); null for mail without a secret. */
      secretExpiresAt: time("secret_expires_at"),
      createdAt: createdAt(),
    },
    (t) => [index("mail_outbox_due_idx").on(t.state, t.dueAt)],
  );

  /** Shoppers' password-reset links: only a SHA-256 of the token is kept; each works once, within an hour. */
  const passwordResets = table(
    "password_resets",
    {
      id: text("id").primaryKey(),
      userId: ref(text("user_id").notNull(), () => users.id, "cascade"),
      tokenHash: text("token_hash").notNull().unique(),
      expiresAt: time("expires_at").notNull(),
      usedAt: time("used_at"),
      createdAt: createdAt(),
    },
    (t) => [index("password_resets_user_idx").on(t.userId)],
  );

  /**
   * Attempts the throttle counts (app/modules/identity/throttle.server.ts): a failed sign-in, a registration with a
   * taken email... One row per attempt, for the email tried (cleared when that email signs in) and the client's
   * address (never cleared); rows older than the window are pruned.
   */
  const throttledAttempts = table(
    "throttled_attempts",
    {
      id: text("id").primaryKey(),
      /** What was attempted: "shopper-sign-in", "seller-sign-in", "password-reset". */
      kind: text("kind").notNull(),
      /** The email tried (lower-cased), or null when none was given or its account has since signed in. */
      email: text("email"),
      /** The client's address (an IPv6 address stands for its /64 network). */
      client: text("client").notNull(),
      at: time("at").notNull(),
    },
    (t) => [
      index("throttled_attempts_email_idx").on(t.kind, t.email, t.at),
      index("throttled_attempts_client_idx").on(t.kind, t.client, t.at),
      index("throttled_attempts_at_idx").on(t.at),
    ],
  );

  /**
   * The one-time setup link printed at start while the store has no seller (app/modules/setup/): only a SHA-256
   * of its token is kept; a new start replaces it, creating the owner uses it up, and it expires.
   */
  const setupTokens = table("setup_tokens", {
    tokenHash: text("token_hash").primaryKey(),
    expiresAt: time("expires_at").notNull(),
    createdAt: createdAt(),
  });

  /** A signed-in shopper's saved items (a visitor's are kept in a signed cookie): one row per product. */
  const savedItems = table(
    "saved_items",
    {
      userId: ref(text("user_id").notNull(), () => users.id, "cascade"),
      productId: ref(text("product_id").notNull(), () => products.id, "cascade"),
      /** When it was saved: /saved lists the newest first. */
      createdAt: createdAt(),
    },
    (t) => [primaryKey({ columns: [t.userId, t.productId] })],
  );

  /**
   * Shoppers' reviews (app/modules/reviews): one per shopper and product, written only by a shopper with a
   * delivered order of it. Only `published` ones are shown and counted in the product's kept rating.
   */
  const reviews = table(
    "reviews",
    {
      id: text("id").primaryKey(),
      productId: ref(text("product_id").notNull(), () => products.id, "cascade"),
      userId: ref(text("user_id").notNull(), () => users.id, "cascade"),
      rating: int("rating").notNull(),
      title: text("title").notNull().default(""),
      body: text("body").notNull().default(""),
      /** The size the shopper bought ('' for a product without sizes), from their delivered order. */
      size: text("size").notNull().default(""),
      status: text("status").$type<v.ReviewStatus>().notNull().default("published"),
      /** A review of the demo catalogue's seed (db/demo/reviews.ts), from a made-up shopper: shown as "Demo review". */
      demo: bool("demo").notNull().default(false),
      sellerReply: text("seller_reply"),
      repliedAt: time("replied_at"),
      createdAt: createdAt(),
      updatedAt: time("updated_at"),
    },
    (t) => [
      uniqueIndex("reviews_product_user_idx").on(t.productId, t.userId),
      // A product page's reviews, newest first; the seller's list, newest first (optionally held ones only).
      index("reviews_product_status_idx").on(t.productId, t.status, t.createdAt),
      index("reviews_status_created_idx").on(t.status, t.createdAt),
      index("reviews_created_idx").on(t.createdAt),
      index("reviews_user_idx").on(t.userId),
      check("reviews_rating", sql`${t.rating} BETWEEN 1 AND 5`),
    ],
  );

  /**
   * The shop's review settings, one row (id 1; no row = the defaults): whether new reviews wait for the seller's
   * approval. Read and written only through app/modules/reviews (reviewSettings / setHoldReviews).
   */
  const reviewSettings = table("review_settings", {
    id: int("id").primaryKey(),
    holdForApproval: bool("hold_for_approval").notNull().default(false),
  });

  /**
   * The shop's settings: one row (id 1), made by migration 0008 (2% tax added, free shipping, US dollars; named
   * "Online Shop" until set up by 0010, the demo's name and words written by the demo seed only). Read once per change (app/modules/shop): `version` goes up with every change, the hook
   * by which another process can tell its copy is old.
   */
  const shopSettings = table(
    "shop_settings",
    {
      id: int("id").primaryKey(),
      version: int("version").notNull().default(1),
      name: text("name").notNull().default("Trendora"),
      tagline: text("tagline").notNull().default("Fashion for everyone"),
      /** An uploaded picture's URL (/uploads/<key>.webp), or '' for none (the name is shown). */
      logoUrl: text("logo_url").notNull().default(""),
      contactEmail: text("contact_email").notNull().default(""),
      phone: text("phone").notNull().default(""),
      /** Lines of the postal address. */
      address: text("address").notNull().default(""),
      openingHours: text("opening_hours").notNull().default(""),
      /** The display name on the From line of mail (the address is MAIL_FROM's). */
      mailSenderName: text("mail_sender_name").notNull().default("Trendora"),
      currency: text("currency").notNull().default("USD"),
      /** Where the shop is (ISO 3166 alpha-2): how its address form asks for postcodes (app/modules/shop/shared/postcodes.ts). */
      country: text("country").notNull().default("US"),
      /** How dates and amounts are written (a BCP 47 tag from app/lib/locales.ts), e.g. en-GB or de-DE. */
      locale: text("locale").notNull().default("en-US"),
      taxRateBasisPoints: int("tax_rate_basis_points").notNull().default(200),
      taxIncluded: bool("tax_included").notNull().default(false),
      shippingFlatCents: money("shipping_flat_cents").notNull().default(0),
      freeShippingFromCents: money("free_shipping_from_cents"),
      /** The policies, plain text with simple formatting (app/lib/policy-text.tsx). */
      shippingPolicy: text("shipping_policy").notNull().default(""),
      returnsPolicy: text("returns_policy").notNull().default(""),
      privacyPolicy: text("privacy_policy").notNull().default(""),
      termsPolicy: text("terms_policy").notNull().default(""),
      /** Days a shopper has to return an item (the home page's promise, the returns policy written for the shop); null: none promised. */
      returnDays: int("return_days"),
      /** The demo shop (db/seed.ts sets it with the demo catalogue): its offers on /deals belong to it only. */
      demo: bool("demo").notNull().default(false),
      /** The seller's low-stock mark: a counted size at or below this many units (decision 0232). */
      lowStockThreshold: int("low_stock_threshold").notNull().default(5),
      updatedAt: time("updated_at"),
    },
    (t) => [
      check("shop_settings_one_row", sql`${t.id} = 1`),
      check(
        "shop_settings_money",
        sql`${t.taxRateBasisPoints} >= 0 AND ${t.taxRateBasisPoints} <= 10000 AND ${t.shippingFlatCents} >= 0`,
      ),
    ],
  );

  /**
   * The refunds ledger (app/modules/refunds/): one row per refund asked of Stripe, or made in Stripe's own
   * dashboard and learnt from its webhook. The row and its idempotency key are written (in their own
   * transaction, which also checks that pending and succeeded refunds never exceed what was paid) before
   * `stripe.refunds.create` is called with that key; the Stripe refund id is filled in from its answer or its
   * webhook, whichever comes first.
   */
  const refunds = table(
    "refunds",
    {
      id: text("id").primaryKey(),
      orderId: ref(text("order_id").notNull(), () => orders.id, "cascade"),
      amountCents: money("amount_cents").notNull(),
      /** Stripe's reason: requested_by_customer, duplicate, fraudulent; null when none was given. */
      reason: text("reason"),
      status: text("status").$type<v.RefundState>().notNull().default("pending"),
      /** Stripe's `re_…` id, once Stripe has answered. */
      stripeRefundId: text("stripe_refund_id").unique(),
      /** The Idempotency-Key the store sends with `stripe.refunds.create` (`stripe:<re_…>` for a dashboard refund). */
      idempotencyKey: text("idempotency_key").notNull().unique(),
      /** Whether the refunded units went back to stock (done once, when the row was written). */
      restock: bool("restock").notNull().default(false),
      /** The lines refunded, when the refund was made by line. */
      lines: json<v.RefundLine[]>("lines"),
      /** Why Stripe refused or failed it. */
      failure: text("failure"),
      /** Set on a failed refund once the seller has tried it again (a new row). */
      retriedAt: time("retried_at"),
      createdAt: createdAt(),
      updatedAt: time("updated_at"),
    },
    (t) => [index("refunds_order_idx").on(t.orderId, t.createdAt), check("refunds_amount", sql`${t.amountCents} > 0`)],
  );

  /**
   * What a refund and a cash payment added to an order (kept apart from `orders`): the Stripe payment intent the
   * order was paid with (refunds are made against it and dashboard refunds are matched by it), when a delivered
   * order came back, and when a cash order marked paid was first exported (then its payment can no longer be undone).
   */
  const orderPayments = table("order_payments", {
    orderId: ref(text("order_id").primaryKey(), () => orders.id, "cascade"),
    paymentIntentId: text("payment_intent_id").unique(),
    returnedAt: time("returned_at"),
    exportedAt: time("exported_at"),
  });

  /**
   * The seller's discount codes (app/modules/discounts/). `code` is stored upper-cased, so it is unique
   * case-insensitively. `uses` counts the uses held by unpaid online orders and taken by placed ones; it is
   * raised only by a guarded update (`uses < max_uses`) inside the order's transaction.
   */
  const discountCodes = table(
    "discount_codes",
    {
      id: text("id").primaryKey(),
      code: text("code").notNull().unique(),
      kind: text("kind").$type<v.DiscountKind>().notNull(),
      /** percent: whole percent 1–100; amount: minor units off (hence money: 64 bits on PostgreSQL). */
      value: money("value").notNull(),
      /** The cart's subtotal (before the discount) must reach this; null: no minimum. */
      minSubtotalCents: money("min_subtotal_cents"),
      /** Valid from / until (Unix ms; null: no bound). */
      startsAt: time("starts_at"),
      endsAt: time("ends_at"),
      /** Total uses allowed (null: no limit), and per shopper. */
      maxUses: int("max_uses"),
      maxUsesPerShopper: int("max_uses_per_shopper"),
      uses: int("uses").notNull().default(0),
      /** Only lines of these products or categories count (both empty: every line). */
      productIds: json<string[]>("product_ids").notNull().default(jsonDefault("[]")),
      categories: json<string[]>("categories").notNull().default(jsonDefault("[]")),
      paused: bool("paused").notNull().default(false),
      createdAt: createdAt(),
      updatedAt: time("updated_at"),
    },
    (t) => [
      check("discount_codes_value", sql`${t.value} > 0 AND (${t.kind} <> 'percent' OR ${t.value} <= 100)`),
      check("discount_codes_uses", sql`${t.uses} >= 0`),
    ],
  );

  /**
   * One order's use of a code: held by an unpaid online order, used by a placed (cash or paid) one, released
   * when an unpaid order fails, expires or is cancelled (then the code's `uses` went down, once).
   */
  const discountUses = table(
    "discount_uses",
    {
      id: text("id").primaryKey(),
      codeId: ref(text("code_id").notNull(), () => discountCodes.id, "cascade"),
      orderId: ref(text("order_id").notNull().unique(), () => orders.id, "cascade"),
      userId: text("user_id").notNull(),
      state: text("state").$type<v.DiscountUseState>().notNull(),
      createdAt: createdAt(),
      updatedAt: time("updated_at"),
    },
    (t) => [index("discount_uses_shopper_idx").on(t.codeId, t.userId, t.state)],
  );

  /** The code a signed-in shopper applied to their saved cart (a visitor's is in a signed cookie). */
  const cartDiscountCodes = table("cart_discount_codes", {
    userId: ref(text("user_id").primaryKey(), () => users.id, "cascade"),
    code: text("code").notNull(),
    appliedAt: createdAt("applied_at"),
  });

  // biome-ignore format: the table names, packed
  return {
    products, catalogueVersion, productSizes, newsletterSubscribers, users, sellers, sessions, cartItems, addresses,
    orders, orderItems, stripeEvents, mailOutbox, passwordResets, throttledAttempts, setupTokens, savedItems, reviews,
    reviewSettings, shopSettings, refunds, orderPayments, discountCodes, discountUses, cartDiscountCodes,
  };
}
