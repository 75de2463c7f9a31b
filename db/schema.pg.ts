// The store's tables on PostgreSQL (drizzle.pg.config.ts → db/migrations-pg): db/schema/tables.ts built with
// PostgreSQL's column helpers (decision 0250), typed as PostgreSQL's (db/schema/pg.ts).
import { type PgTables, pgAsColumns } from "./schema/pg.ts";
import { defineTables } from "./schema/tables.ts";

export * from "./schema/values.ts";

const tables = defineTables(pgAsColumns) as unknown as PgTables<ReturnType<typeof defineTables>>;
export const { products, catalogueVersion, productSizes, newsletterSubscribers, users, sellers, sessions } = tables;
export const { cartItems, addresses, orders, orderItems, stripeEvents, mailOutbox, passwordResets } = tables;
export const { throttledAttempts, setupTokens, savedItems, reviews, reviewSettings, shopSettings, refunds } = tables;
export const { orderPayments, discountCodes, discountUses, cartDiscountCodes } = tables;
