// The search rule both engines answer (app/modules/catalog/search-terms.ts; decision 0235): every word, as written or in its
// other English number, anywhere in the folded name.
import { describe, expect, it } from "vitest";
import { matchesSearch, searchTerms, wordForms } from "#app/modules/catalog/search-terms.ts";

const finds = (search: string, name: string) => matchesSearch(name.toLowerCase(), searchTerms(search.toLowerCase()));

describe("search terms", () => {
  it("finds singular and plural of each other", () => {
    for (const [search, name] of [
      ["sneakers", "Canvas Sneaker"],
      ["sneaker", "Canvas Sneakers"],
      ["dresses", "Floral Dress"],
      ["dress", "Summer Dresses"],
      ["shoes", "Running Shoe"],
      ["shoe", "Running Shoes"],
      ["jeans", "Slim Jean"],
      ["jean", "Slim Jeans"],
      ["scarves", "Wool Scarf"],
      ["scarf", "Wool Scarves"],
      ["watches", "Analog Watch"],
      ["berries", "Berry Print Tee"],
      ["hoodies", "Zip Hoodie"],
      ["gloves", "Leather Glove"],
      ["knives", "Pocket Knife"],
      ["women's", "Woman Tote"],
      ["t-shirts", "Cotton T-Shirt"],
    ]) {
      expect(finds(search!, name!), `${search} → ${name}`).toBe(true);
    }
  });

  it("finds a word by its start (or any part), every word in any order", () => {
    expect(finds("snea", "Canvas Sneaker")).toBe(true);
    expect(finds("sneakers canvas", "Everyday Canvas Sneakers")).toBe(true);
    expect(finds("canvas boots", "Everyday Canvas Sneakers")).toBe(false);
    expect(finds("dresses", "Dressing Gown")).toBe(true); // "dress" is its start
    expect(finds("shoes", "Short Sleeve Top")).toBe(false); // never "sho"
  });

  it("keeps words the rules do not fit as they are", () => {
    expect(wordForms("dress")).toEqual(["dress"]);
    expect(wordForms("bus")).toEqual(["bus"]);
    expect(wordForms("this")).toEqual(["this"]);
    expect(wordForms("платья")).toEqual(["платья"]);
    // A form the trigram index could not answer is not used for a word it can.
    expect(wordForms("tops")).toEqual(["top"]);
    expect(wordForms("axes")).toEqual(["axe"]);
  });

  it("takes a search without a word of 3 characters as the text typed", () => {
    expect(searchTerms("zq s")).toEqual([["zq s"]]);
    expect(searchTerms("qz")).toEqual([["qz"]]);
    expect(searchTerms("qz shirts")).toEqual([["qz"], ["shirt"]]);
    expect(searchTerms("shirt  shirt")).toEqual([["shirt"]]);
  });
});
