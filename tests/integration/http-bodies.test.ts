// Reading request bodies as the production server hands them over. @react-router/node (node-fetch-server)
// turns the Node request into a body stream that it keeps feeding, chunk by chunk, with no check: if the
// app cancels that stream (to stop reading an oversized upload), the next chunk or the end of the upload
// throws inside the server's event handler and the whole process exits. These tests feed bodies the same
// way and check that a refusal is a 4xx and leaves the stream able to take the rest.
import { describe, expect, it } from "vitest";
import { MAX_BODY_BYTES, readForm, readJsonObject } from "#app/lib/http.server.ts";
import { appForFile } from "../helpers/app.ts";
import { refusalOf } from "../helpers/refusal.ts";

const site = appForFile();

/** A request body fed like the Node adapter feeds it: `push` enqueues without asking, `end` closes. */
function adapterRequest(path: string, contentType: string, headers: Record<string, string> = {}) {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  const request = new Request(new URL(path, "http://localhost"), {
    method: "POST",
    body,
    headers: { "Content-Type": contentType, ...headers },
    duplex: "half",
  } as RequestInit);
  return {
    request,
    push: (text: string) => controller.enqueue(new TextEncoder().encode(text)),
    end: () => controller.close(),
    fail: (error: Error) => controller.error(error),
  };
}

const chunk = (size: number) => "x".repeat(size);

describe("an oversized body that is still arriving (no Content-Length)", () => {
  it("readJsonObject refuses it with 413 and the rest of the upload can still be fed in", async () => {
    const body = adapterRequest("/api/user/login", "application/json");
    body.push(`{"email":"${chunk(40 * 1024)}`);
    body.push(chunk(40 * 1024));
    const error = await refusalOf(readJsonObject(body.request));
    expect(error.status).toBe(413);
    expect(error.message).toBe("The request is too large.");
    // What the adapter does next: more chunks, then the end. Neither may throw.
    expect(() => body.push(chunk(40 * 1024))).not.toThrow();
    expect(() => body.end()).not.toThrow();
  });

  it("readForm (urlencoded) refuses it with 413 and leaves the stream open", async () => {
    const body = adapterRequest("/login", "application/x-www-form-urlencoded");
    body.push(`email=a%40b.c&password=${chunk(MAX_BODY_BYTES)}`);
    const error = await refusalOf(readForm(body.request));
    expect(error.status).toBe(413);
    expect(() => body.push("more")).not.toThrow();
    expect(() => body.end()).not.toThrow();
  });

  it("readForm (multipart) is bounded too, also without a Content-Length", async () => {
    const body = adapterRequest("/cart", "multipart/form-data; boundary=b0undary");
    body.push(`--b0undary\r\nContent-Disposition: form-data; name="intent"\r\n\r\n${chunk(MAX_BODY_BYTES + 10)}`);
    const error = await refusalOf(readForm(body.request));
    expect(error.status).toBe(413);
    expect(() => body.push("\r\n--b0undary--\r\n")).not.toThrow();
    expect(() => body.end()).not.toThrow();
  });

  it("the Stripe webhook answers 413 and leaves the stream open", async () => {
    const body = adapterRequest("/api/stripe/webhook", "application/json", { "Stripe-Signature": "t=1,v1=abc" });
    body.push(chunk(300 * 1024));
    body.push(chunk(300 * 1024));
    const response = await site.app.fetch(body.request);
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: "Payload too large." });
    expect(() => body.push(chunk(1024))).not.toThrow();
    expect(() => body.end()).not.toThrow();
  });
});

describe("a body that breaks off", () => {
  it("readJsonObject and readForm answer 400, not an unexpected error", async () => {
    const json = adapterRequest("/api/cart/update", "application/json");
    json.push('{"cartItems":');
    json.fail(new Error("aborted"));
    const jsonError = await refusalOf(readJsonObject(json.request));
    expect(jsonError.status).toBe(400);
    expect(jsonError.message).toBe("The request body could not be read.");

    const form = adapterRequest("/cart", "application/x-www-form-urlencoded");
    form.fail(new Error("aborted"));
    expect((await refusalOf(readForm(form.request))).status).toBe(400);
  });
});

describe("bodies within the limit", () => {
  it("are read whole, however they arrive", async () => {
    const json = adapterRequest("/api/user/login", "application/json");
    json.push('{"email":"ann@example.com",');
    json.push('"password":"ünïcødé 😀"}');
    json.end();
    expect(await readJsonObject(json.request)).toEqual({ email: "ann@example.com", password: "ünïcødé 😀" });

    const multipart = adapterRequest("/cart", "multipart/form-data; boundary=b0undary");
    multipart.push('--b0undary\r\nContent-Disposition: form-data; name="intent"\r\n\r\nadd\r\n');
    multipart.push('--b0undary\r\nContent-Disposition: form-data; name="productId"\r\n\r\nabc123\r\n--b0undary--\r\n');
    multipart.end();
    const form = await readForm(multipart.request);
    expect(form.get("intent")).toBe("add");
    expect(form.get("productId")).toBe("abc123");
  });
});
