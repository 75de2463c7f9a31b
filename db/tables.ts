// The store's tables for queries, on the engine this process runs on (issue 18; decisions 0146, 0250):
// db/schema.pg.ts's when DATABASE_URL is a postgres:// URL, db/schema.ts's otherwise, chosen once when this
// module is first imported. Both are db/schema/tables.ts built with one engine's column helpers, typed alike, so
// the modules' queries type-check once. Everything that builds a query imports its tables (and the constants and
// types of db/schema/values.ts) from here.
import { usesPostgres } from "./engine.ts";
import * as pg from "./schema.pg.ts";
import * as sqlite from "./schema.ts";

export * from "./schema/values.ts";

/** The set this process queries with. */
const tables = usesPostgres() ? (pg as unknown as typeof sqlite) : sqlite;
export const { products, catalogueVersion, productSizes, newsletterSubscribers, users, sellers, sessions } = tables;
export const { cartItems, addresses, orders, orderItems, stripeEvents, mailOutbox, passwordResets } = tables;
export const { throttledAttempts, setupTokens, savedItems, reviews, reviewSettings, shopSettings, refunds } = tables;
export const { orderPayments, discountCodes, discountUses, cartDiscountCodes } = tables;
