// Product images under DATA_DIR/uploads. Names are random and never reused, so they are cached for a year.
import { createReadStream } from "node:fs";
import { Readable } from "node:stream";
import { findUploadedFile } from "#app/modules/inventory/index.server.ts";
import type { Route } from "./+types/uploads";

export async function loader({ params }: Route.LoaderArgs) {
  const found = await findUploadedFile(params.file);
  if (!found) {
    return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain" } });
  }
  return new Response(Readable.toWeb(createReadStream(found.file)) as ReadableStream, {
    headers: {
      "Content-Type": "image/webp",
      "Content-Length": String(found.size),
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
