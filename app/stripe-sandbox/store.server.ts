// The sandbox's state: JSON files under DATA_DIR/stripe-sandbox, one per session (`sessions/<id>.json`) and
// one per idempotency key (`idempotency/<sha256 of the key>.json`). Each is written to a temporary file and
// renamed, so a crash never leaves half a file. Reads and writes are synchronous: code that reads, changes
// and saves a record with no `await` in between cannot interleave with another request.
import { createHash, randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { sandboxDataDir } from "#app/lib/stripe-sandbox-config.server.ts";
import { SESSION_ID_PATTERN, type SessionRecord } from "./objects.server.ts";

export function writeJsonAtomically(file: string, value: unknown) {
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${randomBytes(6).toString("hex")}.tmp`;
  writeFileSync(temporary, JSON.stringify(value, null, 2));
  renameSync(temporary, file);
}

export function readJsonFile<T>(file: string): T | null {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as T;
  } catch {
    return null;
  }
}

const sessionFile = (id: string) => path.join(sandboxDataDir(), "sessions", `${id}.json`);

/** The stored session, or null for an unknown or malformed id. */
export function loadRecord(id: string): SessionRecord | null {
  if (!SESSION_ID_PATTERN.test(id)) return null;
  return readJsonFile<SessionRecord>(sessionFile(id));
}

export function saveRecord(record: SessionRecord) {
  writeJsonAtomically(sessionFile(record.session.id), record);
}

/** The first successful answer to a request with an `Idempotency-Key`, and what that request was. */
export type IdempotentResult = { method: string; path: string; paramsHash: string; body: unknown };

/** Where the answer for an idempotency key is kept; also the key's identity while it is in flight. */
export const idempotencyFile = (key: string) =>
  path.join(sandboxDataDir(), "idempotency", `${createHash("sha256").update(key).digest("hex")}.json`);

export const loadIdempotentResult = (file: string) => readJsonFile<IdempotentResult>(file);

export const saveIdempotentResult = (file: string, result: IdempotentResult) => writeJsonAtomically(file, result);
