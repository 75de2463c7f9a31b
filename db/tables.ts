// The store's tables for queries, on the engine this process runs on (issue 18; decision 0146): db/schema.pg.ts's
// when DATABASE_URL is a postgres:// URL, db/schema.ts's otherwise, chosen once when this module is first
// imported. Both sets have the same names and give the same JS values; they are typed as the SQLite ones so the
// modules' queries type-check once. Everything that builds a query imports its tables from here; db/schema.ts
// stays the SQLite schema drizzle-kit reads (and the home of the shared constants and types, re-exported here).
import { usesPostgres } from "./engine.ts";
import * as pg from "./schema.pg.ts";
import * as sqlite from "./schema.ts";

export * from "./schema.ts";

/** The set this process queries with. */
const chosen = (usesPostgres() ? pg : sqlite) as unknown as typeof sqlite;

export const products = chosen.products;
export const catalogueVersion = chosen.catalogueVersion;
export const productSizes = chosen.productSizes;
export const newsletterSubscribers = chosen.newsletterSubscribers;
export const users = chosen.users;
export const sellers = chosen.sellers;
export const sessions = chosen.sessions;
export const cartItems = chosen.cartItems;
export const addresses = chosen.addresses;
export const orders = chosen.orders;
export const orderItems = chosen.orderItems;
export const stripeEvents = chosen.stripeEvents;
export const mailOutbox = chosen.mailOutbox;
export const passwordResets = chosen.passwordResets;
export const throttledAttempts = chosen.throttledAttempts;
export const setupTokens = chosen.setupTokens;
export const savedItems = chosen.savedItems;
export const reviews = chosen.reviews;
export const reviewSettings = chosen.reviewSettings;
export const shopSettings = chosen.shopSettings;
export const refunds = chosen.refunds;
export const orderPayments = chosen.orderPayments;
export const discountCodes = chosen.discountCodes;
export const discountUses = chosen.discountUses;
export const cartDiscountCodes = chosen.cartDiscountCodes;
