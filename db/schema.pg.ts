// The store's tables on PostgreSQL (issue 18; decision 0142): a mirror of db/schema.ts, which documents every
// table and column. Same export names, table, column, index and constraint names; tests/unit/schema-drift.test.ts
// fails on any difference. Types are chosen so Drizzle hands the app the same JS values on both engines:
// - times (Unix ms), `seq` (created_at × 1024) and money amounts (sums can pass 2^31) → bigint, mode "number";
// - other integers (counts, positions, quantities, versions) → integer;
// - integer booleans → boolean; real → double precision; JSON text → jsonb; text → text.
// Engine-specific machinery is not here, as SQLite's search index is not in db/schema.ts: products' `seq`
// trigger, the catalogue_version triggers and the search column and index are hand-written SQL in
// db/migrations-pg (app/modules/catalog/pg-search.server.ts).
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import {
  type DiscountKind,
  type DiscountUseState,
  type MailState,
  type OrderAddress,
  type OrderStatus,
  type PaymentType,
  type RefundLine,
  type RefundState,
  type ReviewStatus,
  tick,
} from "./schema.ts";

// The constants and types of db/schema.ts, so this file can stand in for it.
export {
  type AddressSnapshot,
  DISCOUNT_KINDS,
  DISCOUNT_USE_STATES,
  type DiscountKind,
  type DiscountUseState,
  MAIL_STATES,
  type MailState,
  ORDER_STATUSES,
  type OrderAddress,
  type OrderStatus,
  type PaymentType,
  REFUND_STATES,
  REVIEW_STATUSES,
  type RefundLine,
  type RefundState,
  type ReviewStatus,
  tick,
} from "./schema.ts";

/** Unix milliseconds (past 2^31), as a JS number. */
const time = (name: string) => bigint(name, { mode: "number" });
/** Money in minor units: a price fits 32 bits, an order's sum need not. */
const money = (name: string) => bigint(name, { mode: "number" });
const createdAt = (name = "created_at") => time(name).notNull().$defaultFn(tick);

export const products = pgTable(
  "products",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    category: text("category").notNull(),
    description: jsonb("description").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    priceCents: money("price_cents").notNull(),
    offerPriceCents: money("offer_price_cents").notNull(),
    images: jsonb("images").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    inStock: boolean("in_stock").notNull().default(true),
    createdAt: createdAt(),
    removedAt: time("removed_at"),
    seq: bigint("seq", { mode: "number" }),
    unitsSold: integer("units_sold").notNull().default(0),
    demo: boolean("demo").notNull().default(false),
    reviewCount: integer("review_count").notNull().default(0),
    ratingTotal: integer("rating_total").notNull().default(0),
    ratingAverage: doublePrecision("rating_average"),
    ratingStars: jsonb("rating_stars")
      .$type<[number, number, number, number, number]>()
      .notNull()
      .default(sql`'[0,0,0,0,0]'::jsonb`),
  },
  (t) => [
    uniqueIndex("products_seq_idx").on(t.seq),
    index("products_listing_idx").on(t.inStock, t.removedAt, t.seq),
    index("products_listing_price_idx").on(t.inStock, t.removedAt, t.offerPriceCents, t.seq),
    index("products_category_listing_idx").on(t.category, t.inStock, t.removedAt, t.seq),
    index("products_category_price_idx").on(t.category, t.inStock, t.removedAt, t.offerPriceCents, t.seq),
    index("products_on_sale_idx").on(t.removedAt, t.seq),
    index("products_category_on_sale_idx").on(t.category, t.removedAt, t.seq),
    index("products_listing_rating_idx").on(t.inStock, t.removedAt, t.ratingAverage, t.seq),
    index("products_category_rating_idx").on(t.category, t.inStock, t.removedAt, t.ratingAverage, t.seq),
    index("products_trending_idx").on(t.inStock, t.removedAt, t.unitsSold, t.seq),
    check("products_price_check", sql`${t.priceCents} >= 0 AND ${t.offerPriceCents} >= 0`),
  ],
);

export const catalogueVersion = pgTable("catalogue_version", {
  id: integer("id").primaryKey(),
  version: integer("version").notNull(),
});

export const productSizes = pgTable(
  "product_sizes",
  {
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    size: text("size").notNull(),
    position: integer("position").notNull(),
    stock: integer("stock"),
  },
  (t) => [primaryKey({ columns: [t.productId, t.size] }), index("product_sizes_stock_idx").on(t.stock)],
);

export const newsletterSubscribers = pgTable("newsletter_subscribers", {
  id: text("id").primaryKey(),
  email: text("email").notNull().unique(),
  createdAt: createdAt(),
});

export const users = pgTable("users", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  passwordHash: text("password_hash").notNull(),
  createdAt: createdAt(),
});

export const sellers = pgTable("sellers", {
  id: text("id").primaryKey(),
  email: text("email").notNull().unique(),
  name: text("name").notNull().default(""),
  passwordHash: text("password_hash").notNull(),
  createdAt: createdAt(),
});

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    sellerId: text("seller_id").references(() => sellers.id, { onDelete: "cascade" }),
    expiresAt: time("expires_at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("sessions_user_idx").on(t.userId),
    index("sessions_seller_idx").on(t.sellerId),
    check("sessions_one_subject", sql`(${t.userId} IS NULL) <> (${t.sellerId} IS NULL)`),
  ],
);

export const cartItems = pgTable(
  "cart_items",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    size: text("size").notNull().default(""),
    quantity: integer("quantity").notNull(),
    addedAt: createdAt("added_at"),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.productId, t.size] }),
    check("cart_items_quantity", sql`${t.quantity} > 0`),
  ],
);

export const addresses = pgTable(
  "addresses",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
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

export const orders = pgTable(
  "orders",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    paymentType: text("payment_type").$type<PaymentType>().notNull(),
    subtotalCents: money("subtotal_cents").notNull(),
    discountCents: money("discount_cents").notNull().default(0),
    discountCode: text("discount_code"),
    taxCents: money("tax_cents").notNull(),
    amountCents: money("amount_cents").notNull(),
    currency: text("currency").notNull().default("USD"),
    taxRateBasisPoints: integer("tax_rate_basis_points").notNull().default(200),
    taxIncluded: boolean("tax_included").notNull().default(false),
    shippingCents: money("shipping_cents").notNull().default(0),
    status: text("status").$type<OrderStatus>().notNull().default("Order Placed"),
    isPaid: boolean("is_paid").notNull().default(false),
    paidAt: time("paid_at"),
    addressId: text("address_id").references(() => addresses.id, { onDelete: "set null" }),
    address: jsonb("address").$type<OrderAddress>().notNull(),
    requestKey: text("request_key"),
    stripeSessionId: text("stripe_session_id").unique(),
    /**
     * Who started an online checkout: a keyed hash of the client's address (never the address itself), so open
     * checkouts are limited per address (decision 0212); null for cash orders and orders placed before.
     */
    checkoutClient: text("checkout_client"),
    stockReturnedAt: time("stock_returned_at"),
    createdAt: createdAt(),
    updatedAt: time("updated_at"),
  },
  (t) => [
    index("orders_user_idx").on(t.userId, t.createdAt),
    index("orders_created_idx").on(t.createdAt),
    index("orders_status_idx").on(t.status, t.paymentType, t.isPaid),
    uniqueIndex("orders_request_key_idx").on(t.userId, t.requestKey),
    index("orders_checkout_client_idx").on(t.checkoutClient),
    check(
      "orders_amounts",
      sql`${t.amountCents} = ${t.subtotalCents} - ${t.discountCents} + ${t.shippingCents} + (CASE WHEN ${t.taxIncluded} THEN 0 ELSE ${t.taxCents} END) AND ${t.discountCents} >= 0 AND ${t.discountCents} <= ${t.subtotalCents}`,
    ),
  ],
);

export const orderItems = pgTable(
  "order_items",
  {
    id: text("id").primaryKey(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    productId: text("product_id")
      .notNull()
      .references(() => products.id),
    size: text("size").notNull().default(""),
    quantity: integer("quantity").notNull(),
    stockTaken: boolean("stock_taken").notNull().default(false),
    unitPriceCents: money("unit_price_cents").notNull(),
    position: integer("position").notNull().default(0),
    discountCents: money("discount_cents"),
  },
  (t) => [index("order_items_order_idx").on(t.orderId), check("order_items_quantity", sql`${t.quantity} > 0`)],
);

export const stripeEvents = pgTable("stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  receivedAt: createdAt(),
});

export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: text("id").primaryKey(),
    messageId: text("message_id").notNull().unique(),
    kind: text("kind").notNull(),
    recipient: text("recipient").notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body").notNull(),
    state: text("state").$type<MailState>().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    dueAt: time("due_at").notNull(),
    claimToken: text("claim_token"),
    lastError: text("last_error"),
    sentAt: time("sent_at"),
    sealedSecret: text("sealed_secret"),
    secretExpiresAt: time("secret_expires_at"),
    createdAt: createdAt(),
  },
  (t) => [index("mail_outbox_due_idx").on(t.state, t.dueAt)],
);

export const passwordResets = pgTable(
  "password_resets",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: time("expires_at").notNull(),
    usedAt: time("used_at"),
    createdAt: createdAt(),
  },
  (t) => [index("password_resets_user_idx").on(t.userId)],
);

export const throttledAttempts = pgTable(
  "throttled_attempts",
  {
    id: text("id").primaryKey(),
    kind: text("kind").notNull(),
    email: text("email"),
    client: text("client").notNull(),
    at: time("at").notNull(),
  },
  (t) => [
    index("throttled_attempts_email_idx").on(t.kind, t.email, t.at),
    index("throttled_attempts_client_idx").on(t.kind, t.client, t.at),
    index("throttled_attempts_at_idx").on(t.at),
  ],
);

export const setupTokens = pgTable("setup_tokens", {
  tokenHash: text("token_hash").primaryKey(),
  expiresAt: time("expires_at").notNull(),
  createdAt: createdAt(),
});

export const savedItems = pgTable(
  "saved_items",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] })],
);

export const reviews = pgTable(
  "reviews",
  {
    id: text("id").primaryKey(),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    rating: integer("rating").notNull(),
    title: text("title").notNull().default(""),
    body: text("body").notNull().default(""),
    size: text("size").notNull().default(""),
    status: text("status").$type<ReviewStatus>().notNull().default("published"),
    demo: boolean("demo").notNull().default(false),
    sellerReply: text("seller_reply"),
    repliedAt: time("replied_at"),
    createdAt: createdAt(),
    updatedAt: time("updated_at"),
  },
  (t) => [
    uniqueIndex("reviews_product_user_idx").on(t.productId, t.userId),
    index("reviews_product_status_idx").on(t.productId, t.status, t.createdAt),
    index("reviews_status_created_idx").on(t.status, t.createdAt),
    index("reviews_created_idx").on(t.createdAt),
    index("reviews_user_idx").on(t.userId),
    check("reviews_rating", sql`${t.rating} BETWEEN 1 AND 5`),
  ],
);

export const reviewSettings = pgTable("review_settings", {
  id: integer("id").primaryKey(),
  holdForApproval: boolean("hold_for_approval").notNull().default(false),
});

export const shopSettings = pgTable(
  "shop_settings",
  {
    id: integer("id").primaryKey(),
    version: integer("version").notNull().default(1),
    name: text("name").notNull().default("Trendora"),
    tagline: text("tagline").notNull().default("Fashion for everyone"),
    logoUrl: text("logo_url").notNull().default(""),
    contactEmail: text("contact_email").notNull().default(""),
    phone: text("phone").notNull().default(""),
    address: text("address").notNull().default(""),
    openingHours: text("opening_hours").notNull().default(""),
    mailSenderName: text("mail_sender_name").notNull().default("Trendora"),
    currency: text("currency").notNull().default("USD"),
    country: text("country").notNull().default("US"),
    locale: text("locale").notNull().default("en-US"),
    taxRateBasisPoints: integer("tax_rate_basis_points").notNull().default(200),
    taxIncluded: boolean("tax_included").notNull().default(false),
    shippingFlatCents: money("shipping_flat_cents").notNull().default(0),
    freeShippingFromCents: money("free_shipping_from_cents"),
    shippingPolicy: text("shipping_policy").notNull().default(""),
    returnsPolicy: text("returns_policy").notNull().default(""),
    privacyPolicy: text("privacy_policy").notNull().default(""),
    termsPolicy: text("terms_policy").notNull().default(""),
    returnDays: integer("return_days"),
    demo: boolean("demo").notNull().default(false),
    lowStockThreshold: integer("low_stock_threshold").notNull().default(5),
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

export const refunds = pgTable(
  "refunds",
  {
    id: text("id").primaryKey(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    amountCents: money("amount_cents").notNull(),
    reason: text("reason"),
    status: text("status").$type<RefundState>().notNull().default("pending"),
    stripeRefundId: text("stripe_refund_id").unique(),
    idempotencyKey: text("idempotency_key").notNull().unique(),
    restock: boolean("restock").notNull().default(false),
    lines: jsonb("lines").$type<RefundLine[]>(),
    failure: text("failure"),
    retriedAt: time("retried_at"),
    createdAt: createdAt(),
    updatedAt: time("updated_at"),
  },
  (t) => [index("refunds_order_idx").on(t.orderId, t.createdAt), check("refunds_amount", sql`${t.amountCents} > 0`)],
);

export const orderPayments = pgTable("order_payments", {
  orderId: text("order_id")
    .primaryKey()
    .references(() => orders.id, { onDelete: "cascade" }),
  paymentIntentId: text("payment_intent_id").unique(),
  returnedAt: time("returned_at"),
  exportedAt: time("exported_at"),
});

export const discountCodes = pgTable(
  "discount_codes",
  {
    id: text("id").primaryKey(),
    code: text("code").notNull().unique(),
    kind: text("kind").$type<DiscountKind>().notNull(),
    /** percent: whole percent 1–100; amount: minor units off (hence 64 bits). */
    value: money("value").notNull(),
    minSubtotalCents: money("min_subtotal_cents"),
    startsAt: time("starts_at"),
    endsAt: time("ends_at"),
    maxUses: integer("max_uses"),
    maxUsesPerShopper: integer("max_uses_per_shopper"),
    uses: integer("uses").notNull().default(0),
    productIds: jsonb("product_ids").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    categories: jsonb("categories").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    paused: boolean("paused").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: time("updated_at"),
  },
  (t) => [
    check("discount_codes_value", sql`${t.value} > 0 AND (${t.kind} <> 'percent' OR ${t.value} <= 100)`),
    check("discount_codes_uses", sql`${t.uses} >= 0`),
  ],
);

export const discountUses = pgTable(
  "discount_uses",
  {
    id: text("id").primaryKey(),
    codeId: text("code_id")
      .notNull()
      .references(() => discountCodes.id, { onDelete: "cascade" }),
    orderId: text("order_id")
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: "cascade" }),
    userId: text("user_id").notNull(),
    state: text("state").$type<DiscountUseState>().notNull(),
    createdAt: createdAt(),
    updatedAt: time("updated_at"),
  },
  (t) => [index("discount_uses_shopper_idx").on(t.codeId, t.userId, t.state)],
);

export const cartDiscountCodes = pgTable("cart_discount_codes", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  code: text("code").notNull(),
  appliedAt: createdAt("applied_at"),
});
