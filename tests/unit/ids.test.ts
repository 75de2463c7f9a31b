// Ids and tokens the store makes, and the pattern that lets only such ids reach a query.
import { describe, expect, it } from "vitest";
import { ID_PATTERN, newId, newToken } from "#app/lib/ids.ts";

describe("newId", () => {
  it("is 20 characters of base 36, and what ID_PATTERN takes", () => {
    for (let i = 0; i < 200; i++) {
      const id = newId();
      expect(id).toMatch(/^[0-9a-z]{20}$/);
      expect(ID_PATTERN.test(id)).toBe(true);
    }
  });

  it("does not repeat over many ids, and uses the whole alphabet", () => {
    const ids = Array.from({ length: 5000 }, newId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(ids.join("")).size).toBe(36);
  });
});

describe("newToken", () => {
  it("is 32 random bytes as base64url (43 characters, no padding), never repeated", () => {
    const tokens = Array.from({ length: 1000 }, newToken);
    for (const token of tokens) {
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(token, "base64url")).toHaveLength(32);
    }
    expect(new Set(tokens).size).toBe(tokens.length);
  });
});

describe("ID_PATTERN", () => {
  it("refuses what a hostile client sends instead of an id", () => {
    for (const value of [
      "",
      "ABC",
      "a b",
      "a-b",
      "a_b",
      "' OR 1=1 --",
      "../etc/passwd",
      "abc\n",
      "\nabc",
      "a".repeat(41),
      "ａｂｃ",
      "١٢٣",
      "%61",
    ]) {
      expect(ID_PATTERN.test(value), JSON.stringify(value)).toBe(false);
    }
    expect(ID_PATTERN.test("a".repeat(40))).toBe(true);
    expect(ID_PATTERN.test("0")).toBe(true);
  });
});
