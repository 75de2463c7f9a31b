import { Form, Link } from "react-router";
import { AmountInput } from "#app/components/amount-input.tsx";
import { SubmitButton } from "#app/components/button.tsx";
import { FieldError, FormError } from "#app/components/form-messages.tsx";
import { CATEGORIES } from "#app/lib/categories.ts";
import { formAction } from "#app/lib/form-reply.server.ts";
import { type FormReply, formErrorOf } from "#app/lib/form-reply.ts";
import { moneyHint, toInputText } from "#app/lib/money.ts";
import { notFound } from "#app/lib/not-found.ts";
import { parseOrRefuse, Refusal } from "#app/lib/refusal.ts";
import { redirectWithToast } from "#app/lib/toast.server.ts";
import { findDiscount, saveDiscount } from "#app/modules/discounts/index.server.ts";
import { dayOf, discountSchemaFor } from "#app/modules/discounts/shared/discount-schema.ts";
import { MAX_NAMED_PRODUCTS, productIdsNamed, productNamesOf } from "#app/modules/inventory/index.server.ts";
import { shopSettings } from "#app/modules/shop/index.server.ts";
import { useShop } from "#app/modules/shop/shared/shop.ts";
import { sellerMeta } from "#app/routes/seo.ts";
import type { Route } from "./+types/discount-edit";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  sellerMeta(loaderData?.id ? `Edit ${loaderData.values.code}` : "New discount code");

type Values = Record<string, string | string[]>;

/** `/seller/discounts/new` creates a code; `/seller/discounts/<id>` edits one. */
export async function loader({ params }: Route.LoaderArgs) {
  if (params.id === "new") {
    const values: Values = { kind: "percent", categories: [] };
    return { id: null, values };
  }
  const row = await findDiscount(params.id);
  if (!row) throw notFound("Discount code not found");
  const { currency, locale } = await shopSettings();
  const money = (cents: number | null) => (cents === null ? "" : toInputText(cents, currency, locale));
  const values: Values = {
    code: row.code,
    kind: row.kind,
    value: row.kind === "percent" ? String(row.value) : money(row.value),
    minSubtotal: money(row.minSubtotalCents),
    startsOn: dayOf(row.startsAt),
    endsOn: dayOf(row.endsAt),
    maxUses: row.maxUses === null ? "" : String(row.maxUses),
    maxUsesPerShopper: row.maxUsesPerShopper === null ? "" : String(row.maxUsesPerShopper),
    categories: row.categories,
    products: (await productNamesOf(row.productIds)).join("\n"),
  };
  return { id: row.id, values };
}

export async function action({ request, params }: Route.ActionArgs) {
  const id = params.id === "new" ? undefined : params.id;
  if (id && !(await findDiscount(id))) throw notFound("Discount code not found");
  return formAction(request, async (form) => {
    // The seller names the products, one a line; the code keeps their ids.
    const names = (form.get("products") ?? "").split(/\r\n|\r|\n/);
    const named = await productIdsNamed(names);
    const productsError =
      named.unknown.length > 0
        ? `No product is named ${named.unknown
            .slice(0, 3)
            .map((name) => `“${name.slice(0, 60)}”`)
            .join(", ")}: use the names in the product list.`
        : named.ids.length > MAX_NAMED_PRODUCTS
          ? `A code can be for at most ${MAX_NAMED_PRODUCTS} products.`
          : null;
    let input: ReturnType<ReturnType<typeof discountSchemaFor>["parse"]>;
    try {
      const { products: _names, ...fields } = Object.fromEntries(form);
      const shop = await shopSettings();
      input = parseOrRefuse(discountSchemaFor(shop.currency, shop.locale), {
        ...fields,
        categories: form.getAll("categories"),
        productIds: named.ids,
      });
    } catch (error) {
      // Every mistake in one answer.
      if (error instanceof Refusal && productsError) {
        throw new Refusal(error.message, error.status, { ...error.fieldErrors, products: productsError });
      }
      throw error;
    }
    if (productsError) throw new Refusal(productsError, 400, { products: productsError });
    const saved = await saveDiscount(input, id);
    return redirectWithToast(request, "/seller/discounts", {
      type: "success",
      message: `${saved.code} ${id ? "saved" : "created"}`,
    });
  });
}

export default function DiscountEdit({ loaderData, actionData }: Route.ComponentProps) {
  const reply = actionData as FormReply | undefined;
  const shop = useShop();
  // After a refusal the form shows what was typed; otherwise the stored code.
  const typed = reply?.initialValue as Values | undefined;
  const values: Values = typed ? { categories: [], ...typed } : loaderData.values;
  const value = (name: string) => {
    const v = values[name];
    return typeof v === "string" ? v : "";
  };
  const chosen = new Set([values.categories ?? []].flat());
  const errors = (name: string) => reply?.error?.[name] ?? null;
  /** A labelled field; `amount` makes it an amount in the shop's currency (`or`: what else it may hold). */
  const field = (name: string, label: string, hint?: string, type = "text", amount?: { or?: string }) => {
    const input = {
      id: `discount-${name}`,
      name,
      defaultValue: value(name),
      "aria-invalid": errors(name) ? true : undefined,
      "aria-describedby": errors(name) ? `discount-${name}-error` : hint ? `discount-${name}-hint` : undefined,
      className: `w-full rounded border px-3 py-2 text-sm outline-none focus:border-primary ${errors(name) ? "border-red-500" : "border-gray-300"}`,
    };
    return (
      <div>
        <label htmlFor={`discount-${name}`} className="mb-1 block text-sm text-gray-600">
          {label}
        </label>
        {amount ? (
          <AmountInput {...input} currency={shop.currency} locale={shop.locale} or={amount.or} />
        ) : (
          <input type={type} {...input} />
        )}
        <FieldError id={`discount-${name}-error`} errors={errors(name)} />
        {hint && !errors(name) ? (
          <p id={`discount-${name}-hint`} className="mt-1 text-xs text-gray-500">
            {hint}
          </p>
        ) : null}
      </div>
    );
  };
  return (
    <section className="p-4 md:p-10">
      <p className="mb-2 text-sm">
        <Link to="/seller/discounts" className="text-primary underline">
          Back to the discount codes
        </Link>
      </p>
      <h1 className="mb-6 text-2xl font-semibold text-gray-800">
        {loaderData.id ? `Edit ${loaderData.values.code}` : "New Discount Code"}
      </h1>
      <Form method="post" noValidate className="flex max-w-lg flex-col gap-5" key={JSON.stringify(values)}>
        <FormError message={formErrorOf(reply)} focus />
        {field("code", "Code", "3 to 32 letters, digits, - or _; shoppers may type it in any case.")}
        <fieldset>
          <legend className="mb-1 text-sm text-gray-600">Discount</legend>
          <div className="flex gap-4 text-sm">
            <label className="flex items-center gap-2">
              <input type="radio" name="kind" value="percent" defaultChecked={value("kind") !== "amount"} /> Percent off
            </label>
            <label className="flex items-center gap-2">
              <input type="radio" name="kind" value="amount" defaultChecked={value("kind") === "amount"} /> Amount off
            </label>
          </div>
          <FieldError id="discount-kind-error" errors={errors("kind")} />
        </fieldset>
        {field(
          "value",
          "Percent or amount off",
          `A whole percent (1 to 100), or ${moneyHint(shop.currency, shop.locale)}.`,
          "text",
          { or: "%" },
        )}
        {field(
          "minSubtotal",
          "Minimum subtotal (optional)",
          "The cart's subtotal before the discount must reach it.",
          "text",
          {},
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          {field("startsOn", "Starts on (optional)", undefined, "date")}
          {field("endsOn", "Ends on (optional)", "Valid through the end of this day (UTC).", "date")}
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          {field("maxUses", "Total uses (optional)", "Empty: no limit.")}
          {field("maxUsesPerShopper", "Uses per shopper (optional)", "Empty: no limit.")}
        </div>
        <fieldset>
          <legend className="mb-1 text-sm text-gray-600">Only for these categories (optional)</legend>
          <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
            {CATEGORIES.map((category) => (
              <label key={category.path} className="flex items-center gap-2">
                <input
                  type="checkbox"
                  name="categories"
                  value={category.path}
                  defaultChecked={chosen.has(category.path)}
                />
                {category.label}
              </label>
            ))}
          </div>
          <FieldError id="discount-categories-error" errors={errors("categories")} />
        </fieldset>
        <div>
          <label htmlFor="discount-products" className="mb-1 block text-sm text-gray-600">
            Only for these products (optional)
          </label>
          <textarea
            id="discount-products"
            name="products"
            rows={3}
            defaultValue={value("products")}
            aria-invalid={errors("products") ? true : undefined}
            aria-describedby={errors("products") ? "discount-products-error" : "discount-products-hint"}
            className={`w-full rounded border px-3 py-2 text-sm outline-none focus:border-primary ${errors("products") ? "border-red-500" : "border-gray-300"}`}
          />
          <FieldError id="discount-products-error" errors={errors("products")} />
          {errors("products") ? null : (
            <p id="discount-products-hint" className="mt-1 text-xs text-gray-500">
              Product names as the product list shows them, one a line (a name picks every product of that name). With
              no categories and no products, the code is for the whole cart.
            </p>
          )}
        </div>
        <SubmitButton size="lg" className="self-start">
          {loaderData.id ? "Save Changes" : "Create Code"}
        </SubmitButton>
      </Form>
    </section>
  );
}
