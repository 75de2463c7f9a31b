// The reporting module's front door: routes and other modules import from here only.
export {
  csvFileName,
  csvHeaders,
  neutraliseFormula,
  orderExportRange,
  ordersCsv,
  productsCsv,
} from "./exports.server.ts";
export { dayText, sellerOverview } from "./overview.server.ts";
export { type RefundsAndCash, refundsAndCash, UNPAID_CASH_SHOWN } from "./refunds-and-cash.server.ts";
