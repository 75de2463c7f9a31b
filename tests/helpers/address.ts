// The one shipping address the tests use unless a test is about the address itself. It lives in
// tools/address.ts, beside the route table (tools/route-table.ts) that `npm run screenshots` shares with the
// accessibility spec; plain data, so Vitest files, Playwright specs and helpers alike can use it.
export { TEST_ADDRESS, TEST_ADDRESS_BY_LABEL } from "../../tools/address.ts";
