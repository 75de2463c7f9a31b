// The seller's shop settings form (/seller/settings) as a browser without JavaScript posts it.

/** Every field of the settings form with the test shop's values (Online Shop, US dollars, 2 % tax added), and `changes`. */
export function settingsForm(changes: Record<string, string> = {}): Record<string, string> {
  return {
    name: "Online Shop",
    tagline: "Fashion for everyone",
    contactEmail: "support@trendora.example",
    phone: "+1 (415) 555-0134",
    address: "1 Shop Street\nPune",
    openingHours: "Mon-Fri 9 AM - 8 PM",
    mailSenderName: "Online Shop",
    country: "US",
    locale: "en-US",
    currency: "USD",
    taxRate: "2",
    taxIncluded: "no",
    shippingFlat: "0",
    freeShippingFrom: "",
    returnDays: "30",
    lowStockThreshold: "5",
    shippingPolicy: "We ship fast.",
    returnsPolicy: "30 days.",
    privacyPolicy: "We keep little.",
    termsPolicy: "Be nice.",
    ...changes,
  };
}
