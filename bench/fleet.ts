// The processes a bench run drives: the load generator (bench/load.ts, autocannon on its own core) and the
// store under test (one production server, or several over one database).
import type { ChildProcess } from "node:child_process";
import type { LoadRequest, LoadResult } from "./load.ts";
import { cpuMs, start, stop, waitUntilIdle } from "./processes.ts";
import { LOAD_CORE, SERVER_CORE, type Server } from "./settings.ts";
import { startStoreServer } from "./store-server.ts";

export const node = process.execPath;
export const quiet = { stdio: ["ignore", "pipe", "pipe"] as ("ignore" | "pipe")[] };

export class LoadGenerator {
  private child: ChildProcess;
  private next = 0;
  private waiting = new Map<number, { resolve: (r: LoadResult) => void; reject: (e: Error) => void }>();

  constructor() {
    this.child = start(node, ["--import", "tsx", "bench/load.ts"], {
      core: LOAD_CORE,
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    this.child.on("message", (message: { id: number; result?: LoadResult; error?: string }) => {
      const waiter = this.waiting.get(message.id);
      this.waiting.delete(message.id);
      if (message.result) waiter?.resolve(message.result);
      else waiter?.reject(new Error(message.error));
    });
    this.child.on("exit", () => {
      for (const waiter of this.waiting.values()) waiter.reject(new Error("The load generator exited."));
    });
  }

  run(request: LoadRequest): Promise<LoadResult> {
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.child.send({ id, request });
    });
  }

  close() {
    return stop(this.child);
  }
}

/**
 * The production server: one process, or several over the same database (the load then split over them), each
 * pinned to its core; a process a request made crash is restarted (noted in the results).
 */
export class Store implements Server {
  children: ChildProcess[] = [];
  origins: string[] = [];
  crashes = 0;
  /** The first line of each error the servers logged. */
  private logged: string[] = [];
  /** The end of each server's stderr: printed whole when it stopped. */
  private tails: string[] = [];

  constructor(
    private buildDir: string,
    private dataDir: string,
    private options: { cores?: number[]; env?: NodeJS.ProcessEnv; database?: Database } = {},
  ) {}

  get origin() {
    return this.origins[0]!;
  }

  private get cores() {
    return this.options.cores ?? [SERVER_CORE];
  }

  private async startOne(index: number) {
    const server = await startStoreServer({
      buildDir: this.buildDir,
      dataDir: this.dataDir,
      core: this.cores[index],
      env: this.options.env,
      onError: (text) => {
        this.tails[index] = ((this.tails[index] ?? "") + text).slice(-4000);
        const first = text.split("\n").find((line) => line.trim());
        if (first && !/^\s+at /.test(first)) this.logged.push(first.trim());
        // The first lines of each error are enough to see what it was.
        process.stderr.write(`  server: ${text.split("\n").slice(0, 3).join("\n  server: ")}\n`);
      },
    });
    this.children[index] = server.child;
    this.origins[index] = server.origin;
  }

  async start() {
    // One after the other: the first applies what migrations there are to apply.
    for (let i = 0; i < this.cores.length; i++) await this.startOne(i);
  }

  private static running(child: ChildProcess) {
    return child.exitCode === null && child.signalCode === null;
  }

  /** Starts a server again if a request made it stop; says whether it had to. */
  async ensureRunning() {
    let restarted = false;
    for (const [i, child] of this.children.entries()) {
      if (Store.running(child)) continue;
      this.crashes++;
      console.log(
        `  a server had stopped (exit ${child.exitCode ?? child.signalCode}); starting it again. The end of its ` +
          `stderr:\n${(this.tails[i] ?? "").replace(/^/gm, "    | ")}`,
      );
      this.tails[i] = "";
      await this.startOne(i);
      restarted = true;
    }
    return restarted;
  }

  /** The app servers' CPU time, all of them together. */
  cpuMs() {
    let sum = 0;
    for (const child of this.children) {
      const ms = child.pid === undefined ? null : cpuMs(child.pid);
      if (ms === null) return null;
      sum += ms;
    }
    return sum;
  }

  dbCpuMs() {
    return this.options.database ? this.options.database.cpuMs() : null;
  }

  async settle() {
    for (const child of this.children) await settle(child);
  }

  errorsLogged() {
    return this.logged;
  }

  async stop() {
    await Promise.all(this.children.map((child) => stop(child)));
  }
}

/** A database server outside the app's processes (PostgreSQL), whose CPU time is counted apart. */
export type Database = { cpuMs(): number | null };

export async function settle(child: ChildProcess) {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  if ((await waitUntilIdle(child.pid)) === null) console.log("  the server was still busy after 120 s");
}
