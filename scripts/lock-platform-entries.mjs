// Keeps `npm ci` working with a registry that serves only this platform's native packages.
//
// Packages such as rollup, Tailwind's oxide and esbuild list one optional dependency per platform
// (darwin-arm64, win32-x64, ...). When the registry has only the linux ones, `npm install` leaves the
// others out of package-lock.json, and `npm ci` then refuses the lock as "out of sync". This script adds
// the missing entries with the platform (os, cpu, libc) their names state, marked optional, so `npm ci`
// skips them here and fetches them by name and version on a machine of that platform.
// Run it after every `npm install` that changes package-lock.json: `node scripts/lock-platform-entries.mjs`.
import { readFileSync, writeFileSync } from "node:fs";

const LOCK = new URL("../package-lock.json", import.meta.url);
const lock = JSON.parse(readFileSync(LOCK, "utf8"));
const packages = lock.packages;

const OS = ["android", "darwin", "win32", "freebsd", "netbsd", "openbsd", "openharmony", "sunos", "aix", "linux"];
const CPU = [
  ["arm64", "arm64"],
  ["aarch64", "arm64"],
  ["x64", "x64"],
  ["x86_64", "x64"],
  ["ia32", "ia32"],
  ["riscv64", "riscv64"],
  ["ppc64", "ppc64"],
  ["s390x", "s390x"],
  ["loong64", "loong64"],
  ["mips64el", "mips64el"],
  ["arm", "arm"],
  ["wasm32", "wasm32"],
];

function platformOf(name) {
  const base = name.split("/").pop();
  const parts = base.split("-");
  const entry = {};
  const os = OS.find((o) => parts.includes(o));
  if (os) entry.os = [os];
  const cpu = CPU.find(([token]) => parts.some((p) => p === token || p.startsWith(token)));
  if (cpu) entry.cpu = [cpu[1]];
  if (/musl/.test(base)) entry.libc = ["musl"];
  else if (/gnu/.test(base) && os === "linux") entry.libc = ["glibc"];
  return entry;
}

let added = 0;
for (const [path, pkg] of Object.entries(packages)) {
  for (const [dep, range] of Object.entries(pkg.optionalDependencies ?? {})) {
    // Resolution as Node does it: nested first, then up to the top level.
    const candidates = [];
    let dir = path;
    for (;;) {
      candidates.push(`${dir ? `${dir}/` : ""}node_modules/${dep}`);
      if (!dir) break;
      const cut = dir.lastIndexOf("/node_modules/");
      dir = cut === -1 ? "" : dir.slice(0, cut);
    }
    if (candidates.some((c) => packages[c])) continue;
    const platform = platformOf(dep);
    if (!platform.os && !platform.cpu) continue; // not a per-platform package: leave it to npm
    const version = String(range).replace(/^[\^~=]/, "");
    packages[`node_modules/${dep}`] = {
      version,
      ...(pkg.dev ? { dev: true } : {}),
      optional: true,
      ...platform,
    };
    added++;
  }
}

const sorted = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b))),
);
lock.packages = sorted;
writeFileSync(LOCK, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: ${added} platform entries added`);
