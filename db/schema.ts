// The store's tables on SQLite (drizzle.config.ts → db/migrations): db/schema/tables.ts built with SQLite's column
// helpers (decision 0250); db/schema.pg.ts is the same for PostgreSQL. The app queries through #db/tables.ts.
import { sqliteColumns } from "./schema/sqlite.ts";
import { defineTables } from "./schema/tables.ts";

export * from "./schema/values.ts";

const tables = defineTables(sqliteColumns);
export const { products, catalogueVersion, productSizes, newsletterSubscribers, users, sellers, sessions } = tables;
export const { cartItems, addresses, orders, orderItems, stripeEvents, mailOutbox, passwordResets } = tables;
export const { throttledAttempts, setupTokens, savedItems, reviews, reviewSettings, shopSettings, refunds } = tables;
export const { orderPayments, discountCodes, discountUses, cartDiscountCodes } = tables;
