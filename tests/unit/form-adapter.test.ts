import { describe, expect, it } from "vitest";
import { formAction, multipartFormAction } from "#app/lib/form-reply.server.ts";
import { refuse } from "#app/lib/refusal.ts";

/** What a refused action answers: React Router's data() with the FormReply and its status. */
type Answered = { data: { code: number; error?: Record<string, string[]>; initialValue?: Record<string, unknown> } };
const answered = (value: unknown) => value as Answered;

const upload = async () => ({
  fields: new Map([
    ["name", "Wool Scarf"],
    ["password", "never sent back"],
  ]),
  images: [],
});

describe("the page form adapter", () => {
  it("answers a refusal of a multipart action with the same FormReply as a urlencoded one", async () => {
    const request = new Request("http://127.0.0.1/seller", { method: "POST" });
    const multipart = answered(
      await multipartFormAction(request, upload, () => refuse("Price must be a number.", 400, { price: "Bad" })),
    );
    const urlencoded = answered(
      await formAction(
        new Request("http://127.0.0.1/seller", {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: "name=Wool+Scarf&password=never+sent+back",
        }),
        () => refuse("Price must be a number.", 400, { price: "Bad" }),
      ),
    );
    expect(multipart.data).toEqual(urlencoded.data);
    expect(multipart.data.code).toBe(400);
    expect(multipart.data.error).toEqual({ price: ["Bad"] });
    expect(multipart.data.initialValue).toEqual({ name: "Wool Scarf" });
  });

  it("answers a refused upload (before any field is read) with the refusal's status and message", async () => {
    const request = new Request("http://127.0.0.1/seller", { method: "POST" });
    const reply = answered(
      await multipartFormAction(
        request,
        () => refuse("Images must be 5 MB or smaller.", 413),
        () => "not reached",
      ),
    );
    expect(reply.data.code).toBe(413);
    expect(reply.data.error).toEqual({ "": ["Images must be 5 MB or smaller."] });
  });

  it("gives the action's own answer when nothing is refused, and throws on what is not a refusal", async () => {
    const request = new Request("http://127.0.0.1/seller", { method: "POST" });
    expect(await multipartFormAction(request, upload, ({ fields }) => fields.get("name"))).toBe("Wool Scarf");
    await expect(
      multipartFormAction(request, upload, () => {
        throw new TypeError("a bug");
      }),
    ).rejects.toThrow("a bug");
  });
});
