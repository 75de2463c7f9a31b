// Sellers, signed-in seller cookies, multipart uploads and "what is stored" checks for the seller tests.
import { readdirSync } from "node:fs";
import sharp from "sharp";
import { config } from "#app/lib/config.server.ts";
import { db } from "#app/lib/db.server.ts";
import { createSeller, startSession } from "#app/modules/identity/index.server.ts";
import { products } from "#db/tables.ts";

export const SELLER_PASSWORD = "seller password 1";

export async function createTestSeller(email = `seller-${Math.random().toString(36).slice(2, 8)}@example.com`) {
  return createSeller(email, SELLER_PASSWORD);
}

/** A Cookie header value for a signed-in seller. */
export async function sellerCookie(sellerId?: string): Promise<string> {
  const id = sellerId ?? (await createTestSeller()).id;
  const setCookie = await startSession("seller", id);
  return setCookie.split(";")[0]!;
}

/** A small real image in the given format. */
export async function imageBytes(format: "png" | "jpeg" = "png", width = 60, height = 40, colour = "#2e86de") {
  const image = sharp({ create: { width, height, channels: 3, background: colour } });
  return new Uint8Array(await (format === "png" ? image.png() : image.jpeg()).toBuffer());
}

export type Part = string | { bytes: Uint8Array; name: string; type?: string };

/** A multipart POST, as a browser form with files (or an /api client) sends it. */
export function multipartRequest(path: string, parts: [string, Part][], init: { cookie?: string | null } = {}) {
  const form = new FormData();
  for (const [name, part] of parts) {
    if (typeof part === "string") form.append(name, part);
    else form.append(name, new File([part.bytes as BlobPart], part.name, { type: part.type ?? "image/png" }));
  }
  const headers = new Headers({ Origin: "http://localhost" });
  if (init.cookie) headers.set("Cookie", init.cookie);
  return new Request(new URL(path, "http://localhost"), { method: "POST", body: form, headers });
}

/** A multipart request whose body must never be read: reading it fails the test. */
export function untouchableRequest(path: string, init: { cookie?: string | null } = {}) {
  let read = false;
  const body = new ReadableStream<Uint8Array>(
    {
      pull() {
        read = true;
        throw new Error("the body was read");
      },
    },
    { highWaterMark: 0 },
  );
  const headers = new Headers({ "Content-Type": "multipart/form-data; boundary=xyz", Origin: "http://localhost" });
  if (init.cookie) headers.set("Cookie", init.cookie);
  const request = new Request(new URL(path, "http://localhost"), {
    method: "POST",
    body,
    headers,
    duplex: "half",
  } as RequestInit);
  return { request, wasRead: () => read };
}

export async function productCount() {
  return (await db().select().from(products)).length;
}

/** The files under DATA_DIR/uploads (none when the folder does not exist). */
export function uploadedFiles(): string[] {
  try {
    return readdirSync(config().uploadsDir).sort();
  } catch {
    return [];
  }
}
