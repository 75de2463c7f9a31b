// Passwords for shoppers and sellers alike: argon2id with the library's defaults (OWASP's minimum).
import { hash, verify } from "@node-rs/argon2";
import { newToken } from "#app/lib/ids.ts";

export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

// A real hash of a random password: checking against it when there is no account makes a wrong email
// take as long as a wrong password, so response times do not tell which emails have accounts.
let dummyHash: Promise<string> | undefined;

/** Whether `password` matches `storedHash`; false (after the same work) when there is no account. */
export async function verifyPassword(storedHash: string | undefined, password: string): Promise<boolean> {
  if (storedHash === undefined) {
    dummyHash ??= hash(newToken());
    await verify(await dummyHash, password);
    return false;
  }
  return verify(storedHash, password);
}
