// The end-to-end server has no SMTP_URL: its mail lands as .eml files in DATA_DIR/outbox/ (E2E_DATA_DIR, see
// playwright.config.ts). These read it as a mail client would (mailparser).
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { expect } from "@playwright/test";
import { type ParsedMail, simpleParser } from "mailparser";

function outboxDir(dataDir = process.env.E2E_DATA_DIR): string {
  if (!dataDir) throw new Error("E2E_DATA_DIR is not set: run the specs through playwright.config.ts");
  return path.join(dataDir, "outbox");
}

async function mailsTo(address: string, dataDir?: string): Promise<ParsedMail[]> {
  const dir = outboxDir(dataDir);
  let files: string[];
  try {
    files = (await readdir(dir)).filter((f) => f.endsWith(".eml"));
  } catch {
    return [];
  }
  const mails = await Promise.all(files.map(async (f) => simpleParser(await readFile(path.join(dir, f)))));
  return mails.filter((mail) => {
    const to = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
    return to.some((group) => group.value.some((a) => a.address === address.toLowerCase()));
  });
}

/**
 * Waits for the mail to `address` whose subject is `subject` (the server's sender writes it moments after); from
 * another server's DATA_DIR when `dataDir` is given.
 */
export async function waitForMail(address: string, subject: string, dataDir?: string): Promise<ParsedMail> {
  let found: ParsedMail | undefined;
  await expect
    .poll(async () => {
      found = (await mailsTo(address, dataDir)).find((mail) => mail.subject === subject);
      return Boolean(found);
    })
    .toBe(true);
  return found!;
}
