// Limits of a shopper's saved items: enforced by app/modules/saved/, also applied when the visitor cookie is read.

/** Most products one shopper (or visitor) may keep saved; also keeps the visitor cookie well under 4 kB. */
export const MAX_SAVED_ITEMS = 50;

/** What a shopper is told who saves one more than that. */
export const TOO_MANY_SAVED = `You can save at most ${MAX_SAVED_ITEMS} products. Remove one from your saved items first.`;
