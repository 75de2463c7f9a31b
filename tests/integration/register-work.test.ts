// Registration with a taken email costs the same work as with a new one, so the time an answer takes does not
// tell which emails have accounts: the password is hashed before the unique insert decides. Measured as work
// (argon2 calls through the real library, counted), not as wall-clock time.
import * as argon2 from "@node-rs/argon2";
import { beforeEach, expect, it, vi } from "vitest";
import { appForFile } from "../helpers/app.ts";

vi.mock("@node-rs/argon2", async (importOriginal) => {
  const real = await importOriginal<typeof import("@node-rs/argon2")>();
  return { ...real, hash: vi.fn(real.hash), verify: vi.fn(real.verify) };
});

const site = appForFile();

beforeEach(() => {
  vi.mocked(argon2.hash).mockClear();
  vi.mocked(argon2.verify).mockClear();
});

async function register(email: string) {
  return site.client().post("/login", {
    form: { mode: "register", name: "Work Tester", email, password: "same-work-1" },
  });
}

function work() {
  return { hashes: vi.mocked(argon2.hash).mock.calls.length, verifies: vi.mocked(argon2.verify).mock.calls.length };
}

it("hashes once whether the email is new or taken, and checks no password either way", async () => {
  const email = `work-${Date.now()}@example.com`;
  const created = await register(email);
  expect(created.status).toBe(303);
  const forNew = work();

  vi.mocked(argon2.hash).mockClear();
  vi.mocked(argon2.verify).mockClear();
  const taken = await register(email.toUpperCase());
  expect(taken.status).toBe(409);
  const forTaken = work();

  expect(forNew).toEqual({ hashes: 1, verifies: 0 });
  expect(forTaken).toEqual(forNew);
});
