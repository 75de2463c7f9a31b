// A throw-away PostgreSQL for the tests and the tools (npm run start:pg, npm run bench, npm run image:check):
// Debian's binaries (apt-get install postgresql; PG_BIN to use others), a cluster made by initdb in a temporary
// directory, a server on 127.0.0.1 and a free port (its socket in the same directory), a fresh database per test
// file, and everything stopped and removed at the end, also when a test fails or the process that started it
// dies (the server runs under a small shell that stops it and removes the directory when the pipe from this
// process closes, however it closes). initdb refuses to run as root: as root the
// cluster belongs to the `postgres` user (or `nobody`), and the server runs as that user.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import postgres from "postgres";
import { freePort } from "./ports.ts";

/** The folder of initdb and postgres: PG_BIN, or the newest /usr/lib/postgresql/<version>/bin. */
export function postgresBinDir(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((version) => existsSync(path.join(root, version, "bin", "initdb")))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions.length === 0)
    throw new Error("PostgreSQL is not installed: apt-get install postgresql (or set PG_BIN to its bin folder)");
  return path.join(root, versions[0]!, "bin");
}

type Account = { uid: number; gid: number } | undefined;

/** As root, the unprivileged account the cluster runs as; otherwise none (the current user). */
function serverAccount(): Account {
  if (process.getuid?.() !== 0) return undefined;
  for (const name of ["postgres", "nobody"]) {
    try {
      const uid = Number(execFileSync("id", ["-u", name], { encoding: "utf8" }).trim());
      const gid = Number(execFileSync("id", ["-g", name], { encoding: "utf8" }).trim());
      return { uid, gid };
    } catch {
      // No such account: try the next.
    }
  }
  throw new Error("Running as root, and neither a `postgres` nor a `nobody` account exists to run PostgreSQL as");
}

export type TestPostgres = {
  port: number;
  /** The process the server runs under (a small shell); the server and its backends are its descendants. */
  pid: number;
  /** The temporary directory: the cluster and the server's socket. */
  dir: string;
  /** A postgres:// URL of the server's `postgres` database (for CREATE DATABASE and the like). */
  adminUrl: string;
  /** Creates an empty database and gives its URL. */
  createDatabase: () => Promise<string>;
  /** Stops the server and removes its directory. */
  stop: () => Promise<void>;
};

const SUPERUSER = "postgres";

/**
 * The shell the server runs under ($1 its directory, then the postgres command): it starts the server, and when
 * its standard input (a pipe from this process) reaches its end, because stop() closed it or this process died,
 * it stops the server with SIGQUIT (immediate shutdown); once the server has ended, for whatever reason, it
 * removes the directory and exits with the server's code. A background job's standard input is /dev/null, so
 * the pipe is read through descriptor 3.
 */
const GUARD = `dir=$1; shift
exec 3<&0
"$@" &
server=$!
(read -r _ <&3; kill -QUIT "$server" 2>/dev/null) &
watcher=$!
wait "$server"; code=$?
kill "$watcher" 2>/dev/null
rm -rf "$dir"
exit "$code"`;

/**
 * Starts a PostgreSQL server of its own in a new temporary directory. `settings` override the test settings
 * below (the bench runs it with fsync on, as a shop would).
 */
export async function startPostgres({
  settings: overrides = {},
}: {
  settings?: Record<string, string>;
} = {}): Promise<TestPostgres> {
  const bin = postgresBinDir();
  const account = serverAccount();
  const dir = mkdtempSync(path.join(tmpdir(), "store-pg-"));
  const dataDir = path.join(dir, "data");
  let server: ChildProcess | undefined;
  const removeAll = () => rmSync(dir, { recursive: true, force: true });
  try {
    if (account) chownSync(dir, account.uid, account.gid);
    const asAccount = account ? { uid: account.uid, gid: account.gid } : {};
    const env = { ...process.env, LC_ALL: "C.UTF-8", LANG: "C.UTF-8", HOME: dir };
    execFileSync(
      path.join(bin, "initdb"),
      ["-D", dataDir, "-U", SUPERUSER, "--auth=trust", "--encoding=UTF8", "--locale=C.UTF-8", "--no-sync"],
      { ...asAccount, env, cwd: dir, stdio: ["ignore", "ignore", "pipe"] },
    );
    const port = await freePort();
    // A test server: nothing it holds must survive a crash, so no fsync; small memory, as several test files
    // may each run one at once.
    const settings = {
      listen_addresses: "127.0.0.1",
      port: String(port),
      unix_socket_directories: dir,
      fsync: "off",
      synchronous_commit: "off",
      full_page_writes: "off",
      shared_buffers: "16MB",
      max_connections: "60",
      dynamic_shared_memory_type: "mmap",
      ...overrides,
    };
    const args = ["-D", dataDir, ...Object.entries(settings).flatMap(([key, value]) => ["-c", `${key}=${value}`])];
    // In a process group of its own: a signal sent to the caller's group (Ctrl-C, Playwright stopping a web
    // server's whole group) must not end the guard before it has removed the directory; the pipe stops it.
    server = spawn("sh", ["-c", GUARD, "postgres-guard", dir, path.join(bin, "postgres"), ...args], {
      ...asAccount,
      env,
      cwd: dir,
      detached: true,
      stdio: ["pipe", "ignore", "pipe"],
    });
    await readyOrExited(server);
    const adminUrl = `postgres://${SUPERUSER}@127.0.0.1:${port}/postgres`;
    let databases = 0;
    const running = server;
    return {
      port,
      pid: running.pid!,
      dir,
      adminUrl,
      async createDatabase() {
        const name = `store_test_${++databases}`;
        const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
        try {
          await admin.unsafe(`CREATE DATABASE ${name}`);
        } finally {
          await admin.end();
        }
        return `postgres://${SUPERUSER}@127.0.0.1:${port}/${name}`;
      },
      async stop() {
        // Closing the pipe stops the server (immediate shutdown: nothing here is kept) and removes its directory.
        if (running.exitCode === null && running.signalCode === null) {
          const exited = new Promise((resolve) => running.once("exit", resolve));
          running.stdin!.end();
          await exited;
        }
        removeAll();
      },
    };
  } catch (error) {
    server?.stdin?.end();
    removeAll();
    throw error;
  }
}

/** Resolves once the server says it accepts connections; rejects with what it printed if it ends first. */
function readyOrExited(server: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let log = "";
    const onData = (chunk: Buffer) => {
      log += chunk.toString("utf8");
      if (log.includes("database system is ready to accept connections")) {
        server.off("exit", onExit);
        // Keep reading (and dropping) its log, so a full pipe never blocks it.
        server.stderr!.off("data", onData);
        server.stderr!.resume();
        resolve();
      }
    };
    const onExit = (code: number | null) =>
      reject(new Error(`PostgreSQL ended (${code}) before it was ready:\n${log}`));
    server.stderr!.on("data", onData);
    server.once("exit", onExit);
  });
}
