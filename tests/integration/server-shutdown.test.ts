// SIGTERM: the production server stops taking connections, finishes the upload in flight (the product is
// stored), closes the database (no -wal file left, integrity ok) and exits 0.
import { existsSync, statSync } from "node:fs";
import net from "node:net";
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { config } from "#app/lib/config.server.ts";
import { closeDb, db, first } from "#app/lib/db.server.ts";
import { products } from "#db/tables.ts";
import { startProductionServer, waitFor } from "../helpers/production-server.ts";
import { imageBytes, sellerCookie } from "../helpers/sellers.ts";

/** A product upload as a browser sends it: the multipart body's bytes and its Content-Type. */
async function productUpload(name: string) {
  const form = new FormData();
  form.append(
    "productData",
    JSON.stringify({ name, description: ["Made to last"], category: "Men", price: 49.99, offerPrice: 39.99 }),
  );
  form.append("images", new File([await imageBytes("png", 1200, 900)], "shirt.png", { type: "image/png" }));
  const encoded = new Response(form);
  return { body: Buffer.from(await encoded.arrayBuffer()), type: encoded.headers.get("Content-Type")! };
}

function refusesConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.on("connect", () => {
      socket.destroy();
      resolve(false);
    });
    socket.on("error", () => resolve(true));
  });
}

it("finishes the upload in flight, closes the database and exits 0", async () => {
  const cookie = await sellerCookie();
  const upload = await productUpload("Shutdown Linen Shirt");
  // The server must be the database's last connection, to see it leave no -wal file behind.
  await closeDb();
  const server = await startProductionServer();

  const socket = net.connect(server.port, "127.0.0.1");
  let received = "";
  socket.on("data", (chunk: Buffer) => {
    received += chunk.toString("utf8");
  });
  const closed = new Promise((resolve) => socket.on("close", resolve));
  // Expect: 100-continue makes the server say when it has the request: from then on it is in flight.
  socket.write(
    [
      "POST /api/product/add HTTP/1.1",
      `Host: 127.0.0.1:${server.port}`,
      `Cookie: ${cookie}`,
      `Origin: ${server.origin}`,
      `Content-Type: ${upload.type}`,
      `Content-Length: ${upload.body.length}`,
      "Expect: 100-continue",
      "",
      "",
    ].join("\r\n"),
  );
  await waitFor("100 Continue", () => received.startsWith("HTTP/1.1 100 Continue"));
  const half = Math.floor(upload.body.length / 2);
  socket.write(upload.body.subarray(0, half));

  server.child.kill("SIGTERM");
  await waitFor("the shutdown to begin", () => server.lines().some((l) => l.startsWith("SIGTERM")));
  expect(await refusesConnections(server.port)).toBe(true);

  // The rest of the upload arrives after the signal, and is still taken.
  socket.write(upload.body.subarray(half));
  await closed;
  expect(received).toMatch(/HTTP\/1\.1 201 Created/);
  // The JSON answer (one chunk of a chunked body).
  const answer = JSON.parse(/\{"success".*\}/.exec(received)![0]);
  expect(answer).toMatchObject({ success: true, message: "Product Added" });

  expect(await server.exited).toBe(0);
  expect(server.lines()).toContain("Stopped");
  expect(existsSync(`${config().dbFile}-wal`) ? statSync(`${config().dbFile}-wal`).size : 0).toBe(0);
  const stored = await first(db().select().from(products).where(eq(products.id, answer.product._id)));
  expect(stored?.name).toBe("Shutdown Linen Shirt");
  expect(db().$client.pragma("integrity_check", { simple: true })).toBe("ok");
}, 120_000);
