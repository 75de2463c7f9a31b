// What a product search asks for (issue 30 point 14; decision 0235), the same on both engines: every word of
// the search must be in the name, matched anywhere (so a word's start finds the word: "snea" finds
// "Sneaker"), in any order, as written or in its other English number ("sneakers" finds "Canvas Sneaker",
// "dress" finds "Dresses", "scarf" finds "Scarves"). A word is a list of forms, any of which may match; a form
// that contains another is dropped, since the shorter one already finds it. The engines
// (sqlite-search.server.ts, pg-search.server.ts) answer exactly `matchesSearch`.

/** The trigram indexes answer a form at least this long (in characters, after folding). */
export const MIN_INDEXED_SEARCH = 3;

const length = (text: string) => [...text].length;

/** Plurals that do not contain their singular, nor the other way round, that a shop's names use. */
const IRREGULAR: Record<string, string> = { women: "woman", woman: "women" };

/** A word that ends in Latin letters: the English rules below apply to it. */
const LATIN_END = /[a-z]{2}$/;

/** A word's forms: as written, its singular if it looks plural, its plural if that changes its end. */
export function wordForms(word: string): string[] {
  const forms = new Set([word]);
  const base = /^(.+)['’]s$/u.exec(word)?.[1] ?? word; // "women's" is "women"
  forms.add(base);
  if (LATIN_END.test(base)) {
    if (IRREGULAR[base]) forms.add(IRREGULAR[base]);
    if (/s$/.test(base) && !/(ss|us|is)$/.test(base)) {
      forms.add(base.slice(0, -1)); // sneakers, shoes, jeans, hoodies, gloves
      if (/(s|x|z|ch|sh)es$/.test(base)) forms.add(base.slice(0, -2)); // dresses, watches, boxes
      if (/[^aeiou]ies$/.test(base)) forms.add(`${base.slice(0, -3)}y`); // berries
      if (/ves$/.test(base)) forms.add(`${base.slice(0, -3)}f`).add(`${base.slice(0, -3)}fe`); // scarves, knives
    } else if (/[^aeiou]y$/.test(base))
      forms.add(`${base.slice(0, -1)}ies`); // berry
    else if (/[^f]f$/.test(base))
      forms.add(`${base.slice(0, -1)}ves`); // scarf
    else if (/[^f]fe$/.test(base)) forms.add(`${base.slice(0, -2)}ves`); // knife
  }
  // A word the index can answer keeps forms it can answer ("tops" is "top", never "to").
  const usable = [...forms].filter((form) => length(form) >= Math.min(MIN_INDEXED_SEARCH, length(word)));
  return usable.filter((form) => !usable.some((other) => other !== form && form.includes(other))).sort();
}

/**
 * The words of a folded search (see foldForSearch), each as its forms. When no word is long enough for the
 * index ("t s", "qz"), the search is the text as typed, one term: as before words were told apart.
 */
export function searchTerms(folded: string): string[][] {
  const words = [...new Set(folded.split(/\s+/u).filter(Boolean))];
  if (!words.some((word) => length(word) >= MIN_INDEXED_SEARCH)) return [[folded]];
  return words.map(wordForms);
}

/** Whether a term goes through the trigram index (else it is checked on the rows the index gave). */
export function isIndexed(term: string[]): boolean {
  return term.every((form) => length(form) >= MIN_INDEXED_SEARCH);
}

/** The rule itself, in JavaScript: whether a folded name matches every term of a search. */
export function matchesSearch(foldedName: string, terms: string[][]): boolean {
  return terms.every((forms) => forms.some((form) => foldedName.includes(form)));
}
