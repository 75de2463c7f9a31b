// The real production server (`node build/server-entry.js` on the production build) for tests that need sockets,
// signals or the server's own answers. It runs the build `npm test` made for this run (BUILD_DIR).
import { type ChildProcess, spawn } from "node:child_process";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { builtServer } from "./app.ts";

export async function waitFor<T>(what: string, check: () => T | undefined | false, timeoutMs = 120_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The production build's folder: the one `npm test` made for this run (checked as tests/helpers/app.ts does). */
export async function productionBuild(): Promise<string> {
  return path.dirname(path.dirname(builtServer()));
}

export type RunningServer = {
  origin: string;
  port: number;
  child: ChildProcess;
  /** Everything the server printed so far, line by line (stdout and stderr). */
  lines: () => string[];
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  /** Sends SIGTERM and waits for the exit code. */
  stop: () => Promise<number | null>;
};

/** Starts `node build/server-entry.js` on 127.0.0.1 and a free port, on the test's DATA_DIR unless `env` says otherwise. */
/** `env` is added to this process's environment; a key given as undefined is left out of the server's. */
export async function startProductionServer(env: Record<string, string | undefined> = {}): Promise<RunningServer> {
  const buildDir = await productionBuild();
  const child = spawn(process.execPath, [path.join(buildDir, "server-entry.js")], {
    env: {
      ...process.env,
      NODE_ENV: "test",
      BUILD_DIR: buildDir,
      HOST: "127.0.0.1",
      PORT: "0",
      // Every shopper of these tests comes from 127.0.0.1: the per-address limits (decision 0212) are tested
      // through the handler, where each client has an address of its own.
      SIGN_UPS_PER_ADDRESS: "100000",
      OPEN_CHECKOUTS_PER_ADDRESS: "100000",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output: string[] = [];
  let partial = "";
  const collect = (chunk: Buffer) => {
    const text = partial + chunk.toString("utf8");
    const parts = text.split("\n");
    partial = parts.pop() ?? "";
    output.push(...parts);
  };
  child.stdout!.on("data", collect);
  child.stderr!.on("data", collect);
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  let ended = false;
  void exited.then(() => {
    ended = true;
  });
  const port = await waitFor("the server to listen", () => {
    if (ended) throw new Error(`The server exited:\n${output.join("\n")}${partial}`);
    const line = output.find((l) => l.startsWith("Store listening on "));
    return line ? Number(/:(\d+)$/.exec(line)?.[1]) : undefined;
  });
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    child,
    lines: () => [...output, ...(partial ? [partial] : [])],
    exited,
    stop: async () => {
      if (!ended) child.kill("SIGTERM");
      return exited;
    },
  };
}

/** What the built server.ts exports: its HTTP server and the kept pages and templates a test may look into. */
export type StoreServer = typeof import("../../server.ts");

export type InProcessServer = { entry: StoreServer; origin: string; stop: () => Promise<void> };

/**
 * The built server.ts, as `node build/server-entry.js` runs it, loaded into the test's own process (so the test
 * can read its caches) on the test's database and a free loopback port. `stop` closes it and removes the signal
 * listeners it added. Loaded once per test file: a module is evaluated once per process.
 */
export async function startServerInProcess(): Promise<InProcessServer> {
  process.env.HOST = "127.0.0.1";
  process.env.PORT = "0";
  const signals = ["SIGTERM", "SIGINT"] as const;
  const listenersBefore = new Map(signals.map((signal) => [signal, new Set(process.listeners(signal))]));
  const serverEntry = path.join(await productionBuild(), "server-entry.js");
  const entry = (await import(pathToFileURL(serverEntry).href)) as StoreServer;
  const address = await waitFor(
    "the server to listen",
    () => (entry.server.address() as AddressInfo | null) ?? undefined,
  );
  return {
    entry,
    origin: `http://127.0.0.1:${address.port}`,
    async stop() {
      entry.server.closeAllConnections();
      await new Promise((resolve) => entry.server.close(resolve));
      for (const signal of signals)
        for (const listener of process.listeners(signal))
          if (!listenersBefore.get(signal)?.has(listener)) process.off(signal, listener);
    },
  };
}
