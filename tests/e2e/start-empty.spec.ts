// Starting for real, with JavaScript and without: a store started empty (DEMO=off, its own server and
// DATA_DIR, a fresh one per project) prints a one-time setup link; the owner opens it, names the shop and
// creates the seller account, adds the first product; a shopper buys it; the seller sees the order. Nothing of
// the demo shows in it: no page, link or mail says Trendora or gives the demo's contact details or offers.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, expectToast, test } from "./fixtures.ts";
import { addProductThroughForm, isNoJs, uniqueName } from "./seller-helpers.ts";
import { ASHA_ADDRESS, addToCartHere, PASSWORD, saveAddress, uniqueEmail } from "./shopper-helpers.ts";

let server: ChildProcess | undefined;
let dataDir = "";
let origin = "";
let setupLink = "";

/** Waits for a line of the server's output that `pattern` matches (no time limit of its own: a hang guard). */
function lineMatching(child: ChildProcess, output: string[], pattern: RegExp): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    const look = () => {
      for (const line of output) {
        const match = pattern.exec(line);
        if (match) return resolve(match);
      }
    };
    let partial = "";
    const collect = (chunk: Buffer) => {
      const parts = (partial + chunk.toString("utf8")).split("\n");
      partial = parts.pop() ?? "";
      output.push(...parts);
      look();
    };
    child.stdout!.on("data", collect);
    child.stderr!.on("data", collect);
    child.on("exit", (code) => reject(new Error(`The server exited (${code}):\n${output.join("\n")}`)));
    // A line that arrived before these listeners (while waiting for an earlier one) is already in `output`.
    look();
  });
}

test.beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "store-empty-"));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    HOST: "127.0.0.1",
    PORT: "0",
    NODE_ENV: "test",
    DEMO: "off",
  };
  delete env.STRIPE_SECRET_KEY;
  delete env.SMTP_URL;
  // What `DEMO=off npm start` runs after the build: the seed (which loads nothing), then the server.
  const seeded = execFileSync(process.execPath, ["--import", "tsx", "db/seed.ts"], { env, encoding: "utf8" });
  expect(seeded).toContain("DEMO=off: the demo catalogue and the demo seller were not loaded.");
  server = spawn(process.execPath, [path.join(process.env.BUILD_DIR ?? "build", "server-entry.js")], {
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output: string[] = [];
  origin = (await lineMatching(server, output, /^Store listening on (http:\/\/\S+)$/))[1]!.replace(
    "localhost",
    "127.0.0.1",
  );
  setupLink = (await lineMatching(server, output, /^No seller yet: open (\S+) to create the shop's owner/))[1]!;
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

test("start empty, create the owner through the setup link, add a product, sell it", async ({ page, context }) => {
  expect(setupLink.startsWith(`${origin}/setup?token=`)).toBe(true);
  // The shop is empty: no demo catalogue.
  await page.goto(`${origin}/products`);
  await expect(page.getByRole("article")).toHaveCount(0);
  // Before its owner names it, a visitor sees a neutral name, never the demo's (decision 0280).
  await expect(page).toHaveTitle("All Products | Online Shop");
  await expect(page.locator("body")).not.toContainText(/trendora/i);

  // The setup page: a mistake first, then the owner and the shop's name.
  await page.goto(setupLink);
  await expect(page.getByRole("heading", { name: "Set up your shop" })).toBeVisible();
  // The shop has no name yet: the page shows no other shop's (the demo's) name.
  await expect(page.locator("body")).not.toContainText(/trendora/i);
  await expect(page).not.toHaveTitle(/trendora/i);
  const ownerEmail = uniqueEmail("owner");
  await page.getByLabel("Shop name").fill("Marigold & Thread");
  await page.getByLabel("Your name").fill("Meera Iyer");
  await page.getByLabel("Owner's email").fill(ownerEmail);
  await page.getByLabel("Password", { exact: true }).fill("owner password 1");
  await page.getByLabel("Repeat the password").fill("not the same");
  await page.getByRole("button", { name: "Create the shop" }).click();
  await expect(page.getByText("The two passwords are not the same.")).toBeVisible();
  await expect(page.getByLabel("Shop name")).toHaveValue("Marigold & Thread");
  if (isNoJs()) await page.getByLabel("Password", { exact: true }).fill("owner password 1");
  await page.getByLabel("Repeat the password").fill("owner password 1");
  await page.getByRole("button", { name: "Create the shop" }).click();
  await expect(page).toHaveURL(`${origin}/seller`);
  await expectToast(page, "Your shop is set up. Add your first product.");
  // The seller area greets the owner by name (issue 30).
  await expect(page.getByTestId("seller-greeting")).toHaveText("Hi! Meera Iyer");

  // The link worked once; now it says the shop is set up and leads to the sign-in page, not to a dead end.
  await page.goto(setupLink);
  await expect(page.getByRole("status").filter({ hasText: "This shop is already set up" })).toHaveText(
    "This shop is already set up: sign in.",
  );
  await expect(page.getByText("This setup link does not work")).toHaveCount(0);
  await page.getByRole("link", { name: "sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/seller(-login)?$/);

  // The first product.
  const name = uniqueName("First Linen Shirt");
  await addProductThroughForm(page, name, {}, `${origin}/seller`);

  // A shopper buys it, cash on delivery.
  await context.clearCookies();
  const shopper = { name: "First Buyer", email: uniqueEmail("buyer"), password: PASSWORD };
  const registered = await context.request.post(`${origin}/api/user/register`, { data: shopper });
  expect(registered.status(), await registered.text()).toBe(201);
  await page.goto(`${origin}/products/men`);
  const card = page.getByRole("article").filter({ hasText: name });
  await expect(card).toHaveCount(1);
  await card.getByRole("heading").getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  await addToCartHere(page);
  await page.goto(`${origin}/add-address`);
  await saveAddress(page, ASHA_ADDRESS);
  await expect(page).toHaveURL(/\/cart\?address=/);
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page).toHaveURL(new RegExp(`^${origin}/my-orders\\?placed=\\w+$`));
  await expectToast(page, "Order Placed Successfully");
  await expect(page.getByTestId("order").getByRole("heading", { name })).toBeVisible();
  // Which order was placed, what it holds, that it is paid on delivery and what happens next (issue 30).
  const orderId = new URL(page.url()).searchParams.get("placed")!;
  const placed = page.getByTestId("placed-order");
  await expect(placed.getByRole("heading")).toHaveText(`Thank you! Order ${orderId} is placed.`);
  await expect(placed).toContainText(`1 × ${name}`);
  await expect(placed.getByTestId("placed-order-payment")).toHaveText(/^To pay on delivery: \$[\d.]+, in cash\.$/);
  await expect(placed.getByTestId("placed-order-next")).toContainText("Shipped, then Delivered");
  await expect(page.getByTestId("order").first()).toHaveAttribute("id", `order-${orderId}`);

  // The owner sees the order.
  await context.clearCookies();
  const signedIn = await context.request.post(`${origin}/api/seller/login`, {
    data: { email: ownerEmail, password: "owner password 1" },
  });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  await page.goto(`${origin}/seller/orders`);
  await expect(page.getByText(name)).toBeVisible();
  await expect(page.getByText("Asha Rao")).toBeVisible();

  // Nothing of the demo anywhere (issue 30): its name, contact details, promises and offers.
  const demoWords = /trendora|555-0134|San Francisco|Market Street|within 30 days|% OFF/i;
  const sellerPages = ["/seller", "/seller/product-list", "/seller/orders", "/seller/settings", "/seller/overview"];
  const visitorPages = ["/", "/products", "/products/men", "/deals", "/contact", "/saved", "/cart", "/seller-login"];
  const policyPages = ["shipping", "returns", "privacy", "terms"].map((slug) => `/policies/${slug}`);
  for (const where of sellerPages) {
    await page.goto(`${origin}${where}`);
    expect(await page.locator("html").innerHTML(), where).not.toMatch(demoWords);
  }
  await context.clearCookies();
  for (const where of [...visitorPages, ...policyPages]) {
    await page.goto(`${origin}${where}`);
    expect(await page.locator("html").innerHTML(), where).not.toMatch(demoWords);
    await expect(page.locator('a[href="/deals"]'), where).toHaveCount(0);
  }
  await page.goto(`${origin}/deals`);
  await expect(page.getByText("There are no offers right now.")).toBeVisible();
  await expect(page.getByTestId("deal")).toHaveCount(0);
  await page.goto(`${origin}/`);
  await expect(page.getByRole("heading", { name: "Why Choose Marigold & Thread?" })).toBeVisible();
  // Only the category with a product has a tile.
  const tiles = page.getByRole("region", { name: "Categories" }).getByRole("link");
  await expect(tiles).toHaveText(["Men's Fashion"]);
  // The mail the order sent (written to DATA_DIR/outbox without SMTP) speaks in the shop's name.
  const outbox = path.join(dataDir, "outbox");
  await expect.poll(() => (existsSync(outbox) ? readdirSync(outbox).length : 0)).toBeGreaterThan(0);
  for (const file of readdirSync(outbox)) {
    expect(readFileSync(path.join(outbox, file), "utf8"), file).not.toMatch(demoWords);
  }
});
