// Product images under DATA_DIR/uploads. Names are random and never reused, so they are cached for a year.
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { Readable } from "node:stream";
import { uploadedFilePath } from "#app/services/images.server.ts";
import type { Route } from "./+types/uploads";

export async function loader({ params }: Route.LoaderArgs) {
  const file = uploadedFilePath(params.file);
  const info = file ? await stat(file).catch(() => null) : null;
  if (!file || !info?.isFile()) {
    return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain" } });
  }
  return new Response(Readable.toWeb(createReadStream(file)) as ReadableStream, {
    headers: {
      "Content-Type": "image/webp",
      "Content-Length": String(info.size),
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
