// Secrets a mail carries (a password-reset link's token) never sit in the database in a usable form
// (docs/decisions/0062-password-reset.md). The rendered mail is stored with a placeholder where the secret goes;
// the secret itself is sealed with AES-256-GCM under a key kept outside the database (config.server.ts
// mailSealKey), bound to its outbox row, opened by the sender just before sending, and wiped once the mail is
// sent, given up, or its link has expired.
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { mailSealKey } from "#app/lib/config.server.ts";

const VERSION = "v1";

/** A placeholder for a secret in a mail's text and HTML: random, so no other text of the mail can match it. */
export function secretPlaceholder(): string {
  return `sealed-${randomBytes(12).toString("hex")}`;
}

type Sealed = { placeholder: string; secret: string };

/** `secret` (and the placeholder it replaces), sealed for the outbox row `rowId`. */
export function sealSecret(rowId: string, sealed: Sealed): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", mailSealKey(), iv);
  cipher.setAAD(Buffer.from(rowId));
  const body = Buffer.concat([cipher.update(JSON.stringify(sealed), "utf8"), cipher.final()]);
  return [
    VERSION,
    iv.toString("base64url"),
    cipher.getAuthTag().toString("base64url"),
    body.toString("base64url"),
  ].join(".");
}

/** The sealed secret of row `rowId`, or null when it cannot be opened (another key, another row, tampered). */
export function openSecret(rowId: string, sealed: string): Sealed | null {
  const [version, iv, tag, body] = sealed.split(".");
  if (version !== VERSION || !iv || !tag || body === undefined) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", mailSealKey(), Buffer.from(iv, "base64url"));
    decipher.setAAD(Buffer.from(rowId));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    const plain = Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
    const parsed = JSON.parse(plain) as Partial<Sealed>;
    if (typeof parsed.placeholder !== "string" || typeof parsed.secret !== "string") return null;
    return { placeholder: parsed.placeholder, secret: parsed.secret };
  } catch {
    return null;
  }
}
