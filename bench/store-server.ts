// The store as the bench and Lighthouse run it: the production build in a folder of its own, and
// `node build/server-entry.js` with NODE_ENV=production on 127.0.0.1, a free port and a given DATA_DIR.
import type { ChildProcess } from "node:child_process";
import path from "node:path";
import { freePort, runToEnd, start, temporaryFolder, waitUntilAnswering } from "./processes.ts";

/**
 * The build `npm run build` makes (`react-router build`, the server's bundle, then the precompressed copies of
 * the client files),
 * into a new build-bench-* folder inside the project (git-ignored; the server build must find node_modules), so
 * a build another run is serving is never touched. Removed when this process ends.
 */
export async function buildStore(): Promise<string> {
  const buildDir = temporaryFolder("build-bench-", process.cwd());
  const env = { ...process.env, BUILD_DIR: buildDir };
  await runToEnd("npx", ["react-router", "build"], { env });
  // The server itself (server.ts bundled into server-entry.js), as `npm run build` makes it.
  await runToEnd(process.execPath, ["scripts/build-server.mjs"], { env });
  await runToEnd(process.execPath, ["scripts/precompress.mjs"], { env });
  return buildDir;
}

export type StoreServer = { child: ChildProcess; origin: string };

/**
 * Starts the production server and waits until it answers. Its stderr is passed to `onError` (or printed).
 * `core` pins it where taskset exists.
 */
export async function startStoreServer({
  buildDir,
  dataDir,
  core,
  env: extra = {},
  onError = (text) => process.stderr.write(text),
}: {
  buildDir: string;
  dataDir: string;
  core?: number;
  /** More environment, over the defaults below (DATABASE_URL and the secrets several servers share, say). */
  env?: NodeJS.ProcessEnv;
  onError?: (text: string) => void;
}): Promise<StoreServer> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    // What a demo of the production build runs with: the built-in sandbox stands in for Stripe.
    STRIPE_SANDBOX: "on",
    PUBLIC_URL: origin,
    BUILD_DIR: buildDir,
    DATA_DIR: dataDir,
    HOST: "127.0.0.1",
    PORT: String(port),
    // Every bench shopper signs up and orders from 127.0.0.1 (decision 0212's limits are per address).
    SIGN_UPS_PER_ADDRESS: "100000",
    OPEN_CHECKOUTS_PER_ADDRESS: "100000",
  };
  delete env.STRIPE_SECRET_KEY;
  delete env.STRIPE_WEBHOOK_SECRET;
  delete env.SESSION_SECRET;
  delete env.DATABASE_URL;
  Object.assign(env, extra);
  const child = start(process.execPath, [path.join(buildDir, "server-entry.js")], {
    core,
    env,
    stdio: ["ignore", "ignore", "pipe"],
  });
  child.stderr?.on("data", (chunk: Buffer) => onError(chunk.toString()));
  await waitUntilAnswering(`${origin}/favicon.svg`, child);
  return { child, origin };
}
