import { randomBytes } from "node:crypto";

const ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyz";

/** A random text id (20 characters of base 36, about 103 bits). */
export function newId(): string {
  const bytes = randomBytes(20);
  let id = "";
  for (const b of bytes) id += ALPHABET[b % 36];
  return id;
}

/** A random opaque token (session ids, form tokens). */
export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

/** Ids we generate, and nothing else, so a hostile id never reaches a query unchecked. */
export const ID_PATTERN = /^[0-9a-z]{1,40}$/;
