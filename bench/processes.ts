// Processes and temporary folders the bench and Lighthouse runs start, all removed again when the run ends,
// fails or is interrupted (Ctrl-C, SIGTERM).
import { type ChildProcess, execFileSync, type SpawnOptions, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

const children = new Set<ChildProcess>();
const folders = new Set<string>();
const extraSteps = new Set<() => void>();

/** Something else to undo when this process ends (synchronously); returns a function that forgets it. */
export function atExit(step: () => void): () => void {
  extraSteps.add(step);
  return () => extraSteps.delete(step);
}

function cleanUp() {
  for (const step of extraSteps) {
    try {
      step();
    } catch {
      // Already undone.
    }
  }
  extraSteps.clear();
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  children.clear();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  folders.clear();
}

process.on("exit", cleanUp);
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  process.on(signal, () => {
    console.error(`\n${signal}: stopping the servers and removing the temporary folders.`);
    cleanUp();
    process.exit(130);
  });
}

/** A temporary folder (under the system's, or under `parent`), removed when this process ends. */
export function temporaryFolder(prefix: string, parent = tmpdir()): string {
  const folder = mkdtempSync(path.join(parent, prefix));
  folders.add(folder);
  return folder;
}

export function removeFolder(folder: string) {
  rmSync(folder, { recursive: true, force: true });
  folders.delete(folder);
}

/** Whether `taskset` can pin processes to cores here (Linux with util-linux, at least two cores). */
export const canPin = (() => {
  try {
    execFileSync("taskset", ["-c", "0", "true"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();

/**
 * Starts a command, pinned to `core` when taskset is there, and tracked so it is killed when this process
 * ends. taskset replaces itself with the command, so the child's pid is the command's own.
 */
export function start(command: string, args: string[], options: SpawnOptions & { core?: number } = {}): ChildProcess {
  const { core, ...spawnOptions } = options;
  const child =
    core !== undefined && canPin
      ? spawn("taskset", ["-c", String(core), command, ...args], spawnOptions)
      : spawn(command, args, spawnOptions);
  children.add(child);
  child.on("exit", () => children.delete(child));
  return child;
}

/** Runs a command to its end (tracked like `start`, so an interruption stops it too); resolves with its stdout. */
export function runToEnd(
  command: string,
  args: string[],
  options: SpawnOptions & { core?: number } = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = start(command, args, { ...options, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      stdout += chunk;
    });
    child.stderr?.on("data", (chunk: Buffer) => {
      stderr += chunk;
    });
    child.on("error", reject);
    child.on("exit", (code, signal) => {
      if (code === 0) resolve(stdout);
      else reject(new Error(`${command} ${args.join(" ")} failed (${code ?? signal}):\n${stderr || stdout}`));
    });
  });
}

/** Stops a child with SIGTERM (SIGKILL after 5 s) and waits until it has gone. */
export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
  await gone;
  clearTimeout(timer);
}

/** A free TCP port on 127.0.0.1: the one helper the tests and the tools share. */
export { freePort } from "../tools/ports.ts";

/** Waits until `url` answers (any status), or fails when `child` exits or `timeoutMs` passes. */
export async function waitUntilAnswering(url: string, child: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`The server for ${url} exited.`);
    try {
      await fetch(url, { signal: AbortSignal.timeout(5000) }).then((r) => r.arrayBuffer());
      return;
    } catch {
      await sleep(100);
    }
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s.`);
}

/** Clock ticks per second of /proc's CPU times (USER_HZ: 100 on Linux). */
const TICKS_PER_SECOND = (() => {
  try {
    return Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** CPU time (user + system, all threads) a process has used so far in ms, or null where /proc is missing. */
export function cpuMs(pid: number): number | null {
  const ticks = cpuTicks(pid);
  return ticks === null ? null : (ticks * 1000) / TICKS_PER_SECOND;
}

/** CPU time (user + system, in clock ticks) a process has used so far, or null where /proc is missing. */
function cpuTicks(pid: number): number | null {
  const file = `/proc/${pid}/stat`;
  if (!existsSync(file)) return null;
  // The command name (field 2) may hold spaces; the fields after its closing parenthesis are fixed.
  const stat = readFileSync(file, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return Number(fields[11]) + Number(fields[12]);
}

/**
 * Waits until a server has finished the work a load run left behind (requests still being rendered when the
 * load generator stopped): its CPU use stays under 5% for half a second. Gives up after `timeoutMs`.
 * Returns how long it waited, or null when it gave up.
 */
export async function waitUntilIdle(pid: number, timeoutMs = 120_000): Promise<number | null> {
  const started = Date.now();
  if (cpuTicks(pid) === null) {
    await sleep(1000);
    return Date.now() - started;
  }
  while (Date.now() - started < timeoutMs) {
    const before = cpuTicks(pid);
    await sleep(500);
    const after = cpuTicks(pid);
    if (before === null || after === null) return Date.now() - started;
    // Under 5% of a core for half a second.
    if (after - before <= TICKS_PER_SECOND * 0.025) return Date.now() - started;
  }
  return null;
}

/** The pids of a process and all its descendants alive now (from /proc; only the root where /proc is missing). */
export function processTree(rootPid: number): number[] {
  if (!existsSync("/proc")) return [rootPid];
  const children = new Map<number, number[]>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // Gone meanwhile.
    }
  }
  const tree: number[] = [];
  const next = [rootPid];
  while (next.length > 0) {
    const pid = next.pop()!;
    tree.push(pid);
    next.push(...(children.get(pid) ?? []));
  }
  return tree;
}

/**
 * CPU time (ms) a process and all its descendants have used so far: each living process's own time plus that of
 * its children that have ended (cutime, cstime), so every process is counted once. Null where /proc is missing.
 */
export function treeCpuMs(rootPid: number): number | null {
  if (cpuTicks(rootPid) === null) return null;
  let ticks = 0;
  for (const pid of processTree(rootPid)) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
    } catch {
      // Ended meanwhile: its parent's cutime has it now (or will once reaped).
    }
  }
  return (ticks * 1000) / TICKS_PER_SECOND;
}

/** Pins a running process and its descendants (every thread) to `core`; what they start later inherits it. */
export function pinTree(rootPid: number, core: number): boolean {
  if (!canPin) return false;
  for (const pid of processTree(rootPid)) {
    try {
      execFileSync("taskset", ["-a", "-p", "-c", String(core), String(pid)], { stdio: "ignore" });
    } catch {
      // Ended meanwhile.
    }
  }
  return true;
}
