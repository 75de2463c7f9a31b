// Writing mail: every email starts as a row of `mail_outbox`, inserted by `enqueueMail` inside the transaction
// of the change it tells about. If that transaction rolls back, the mail never existed; once it commits, the
// sender (mail-sender.server.ts) will deliver it even if the process dies a moment later.
import { EventEmitter } from "node:events";
import { and, isNotNull, lte } from "drizzle-orm";
import { config } from "#app/lib/config.server.ts";
import type { Tx } from "#app/lib/db.server.ts";
import { newId } from "#app/lib/ids.ts";
import { mailOutbox, tick } from "#db/tables.ts";
import { sealSecret } from "./secrets.server.ts";

export type MailKind =
  | "order-confirmation"
  | "payment-not-completed"
  | "order-status"
  | "seller-new-order"
  | "password-reset"
  | "refund";

/**
 * A rendered email (templates/), ready to be written to the outbox. `secret`: a secret the mail carries (a reset
 * link's token); text and HTML hold `placeholder` in its place, and the outbox keeps it only sealed
 * (mail-secrets.server.ts) until the mail is sent or `expiresAt` has passed.
 */
export type OutgoingMail = {
  kind: MailKind;
  to: string;
  subject: string;
  text: string;
  html: string;
  secret?: { placeholder: string; value: string; expiresAt: number };
};

const queued = new EventEmitter();

/** Runs `listener` after a transaction that queued mail has finished (the sender wakes up on it). */
export function onMailQueued(listener: () => void): () => void {
  queued.on("queued", listener);
  return () => queued.off("queued", listener);
}

/** The domain of the From address: Message-IDs are made unique under it (RFC 5322 §3.6.4). */
function messageIdDomain(): string {
  const from = config().mailFrom;
  const address = /<([^>]+)>/.exec(from)?.[1] ?? from;
  return address.slice(address.lastIndexOf("@") + 1).trim() || "localhost";
}

/**
 * Writes `mail` to the outbox inside the caller's transaction; it is sent once that transaction commits.
 * Its Message-ID is fixed here, so every attempt to send it carries the same one.
 */
export async function enqueueMail(tx: Tx, mail: OutgoingMail): Promise<string> {
  const id = newId();
  const now = tick();
  await tx.insert(mailOutbox).values({
    id,
    messageId: `<${id}@${messageIdDomain()}>`,
    kind: mail.kind,
    recipient: mail.to,
    subject: mail.subject,
    textBody: mail.text,
    htmlBody: mail.html,
    dueAt: now,
    createdAt: now,
    sealedSecret: mail.secret
      ? sealSecret(id, { placeholder: mail.secret.placeholder, secret: mail.secret.value })
      : null,
    secretExpiresAt: mail.secret?.expiresAt ?? null,
  });
  // The sender may wake before this transaction commits: its claim is a transaction of its own, queued behind
  // this one, so it finds the row once committed (or nothing, after a rollback); a sender in another process
  // finds it on its next round.
  setImmediate(() => queued.emit("queued"));
  return id;
}

/** Wipes the sealed secrets whose links have expired (the sender does it every round; a reset request too). */
export async function wipeExpiredSecrets(tx: Tx, now: number): Promise<void> {
  await tx
    .update(mailOutbox)
    .set({ sealedSecret: null })
    .where(and(isNotNull(mailOutbox.sealedSecret), lte(mailOutbox.secretExpiresAt, now)));
}
