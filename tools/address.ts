// The one shipping address the tests (tests/helpers/address.ts) and `npm run screenshots` use unless a test is
// about the address itself: what a shopper types into the Add Address form or sends to POST /api/address/add,
// and what the store keeps. Plain data (no imports), so Vitest files, Playwright specs, helpers and tools alike
// can use it.
export const TEST_ADDRESS = {
  firstName: "Asha",
  lastName: "Rao",
  email: "asha@example.com",
  street: "12 Park Street",
  city: "Pune",
  state: "MH",
  zipcode: "411001",
  country: "India",
  phone: "+91 98765 43210",
} as const;

/** TEST_ADDRESS keyed by the Add Address form's labels, for filling the form in a browser. */
export const TEST_ADDRESS_BY_LABEL = {
  "First Name": TEST_ADDRESS.firstName,
  "Last Name": TEST_ADDRESS.lastName,
  "Email address": TEST_ADDRESS.email,
  Street: TEST_ADDRESS.street,
  City: TEST_ADDRESS.city,
  State: TEST_ADDRESS.state,
  "Zip code": TEST_ADDRESS.zipcode,
  Country: TEST_ADDRESS.country,
  Phone: TEST_ADDRESS.phone,
} as const;
