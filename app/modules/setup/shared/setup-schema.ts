// The first-run setup form (/setup): the owner's seller account and the shop's name. The token travels beside
// them and is checked by the service (app/modules/setup/).

import { textField, z } from "#app/lib/zod.ts";
import { emailField, newPasswordField } from "#app/modules/identity/shared/account-schema.ts";
import { SHOP_NAME_MAX } from "#app/modules/shop/shared/shop-settings-schema.ts";

/** The settings page's own limit: a name the setup took is one the settings page takes. */
export const MAX_SHOP_NAME_LENGTH = SHOP_NAME_MAX;

export const shopNameField = textField({ error: "Please enter the shop's name." })
  .trim()
  .min(1, "Please enter the shop's name.")
  .max(MAX_SHOP_NAME_LENGTH, `Please keep the shop's name under ${MAX_SHOP_NAME_LENGTH} characters.`);

export const MAX_OWNER_NAME_LENGTH = 60;

export const setupSchema = z
  .object({
    shopName: shopNameField,
    // What the seller area greets the owner by.
    ownerName: textField({ error: "Please enter your name." })
      .trim()
      .min(1, "Please enter your name.")
      .max(MAX_OWNER_NAME_LENGTH, `Please keep your name under ${MAX_OWNER_NAME_LENGTH} characters.`),
    email: emailField(),
    password: newPasswordField,
    confirm: z.string({ error: "Please repeat the password." }).min(1, "Please repeat the password."),
  })
  .refine((fields) => fields.password === fields.confirm, {
    path: ["confirm"],
    message: "The two passwords are not the same.",
  });

/** What the link's page says once any seller exists: not a dead end, the way in is to sign in. */
export const SHOP_ALREADY_SET_UP = "This shop is already set up: sign in";

/** What the page says when the link is used up, expired, mistyped, or a seller exists already. */
export const SETUP_LINK_INVALID =
  "This setup link does not work: it was used already or has expired. Restart the store while it has no seller to get a new link in its log.";
