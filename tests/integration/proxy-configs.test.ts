// The reverse-proxy examples of docs/deploy.md ("Several app servers on PostgreSQL") are configs that work, taken
// from the page itself: Debian's Caddy validates the Caddyfile and runs it in front of two store servers (its site
// address and upstreams pointed at them, its admin endpoint off), and keeps answering when one of them stops;
// Debian's nginx accepts the nginx block with `nginx -t` (a throw-away certificate in place of certbot's).
// Both come from Debian (apt-get install caddy nginx-light; .ci/run installs them). The two servers share the
// file's store: its SQLite file, or with TEST_DB=postgres its PostgreSQL database (DATABASE_URL), as deployed.
import { type ChildProcess, execFile, execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "../helpers/ports.ts";
import { type RunningServer, startProductionServer } from "../helpers/production-server.ts";
import { rawRequest } from "../helpers/raw-http.ts";

const run = promisify(execFile);
const scratch = mkdtempSync(path.join(tmpdir(), "store-proxy-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const page = readFileSync("docs/deploy.md", "utf8");

/** The first ```lang block after the heading `heading` of docs/deploy.md. */
function example(heading: string, lang: string): string {
  const at = page.indexOf(`\n${heading}\n`);
  if (at < 0) throw new Error(`docs/deploy.md has no heading "${heading}"`);
  const start = page.indexOf(`\`\`\`${lang}\n`, at);
  if (start < 0) throw new Error(`no ${lang} block after "${heading}"`);
  const body = start + lang.length + 4;
  return page.slice(body, page.indexOf("\n```", body) + 1);
}

const caddyfile = example("### Caddy in front of two servers", "caddyfile");
const nginxConf = example("### nginx in front of two servers", "nginx");
const UPSTREAMS = ["10.0.0.11:3000", "10.0.0.12:3000"];

describe("the reverse proxy examples of docs/deploy.md", () => {
  it("names both app servers and checks /readyz", () => {
    for (const upstream of UPSTREAMS) {
      expect(caddyfile).toContain(upstream);
      expect(nginxConf).toContain(`server ${upstream}`);
    }
    expect(caddyfile).toMatch(/health_uri \/readyz/);
  });

  it("Caddy: the Caddyfile validates", async () => {
    const file = path.join(scratch, "Caddyfile");
    writeFileSync(file, caddyfile);
    const { stdout, stderr } = await run("caddy", ["validate", "--config", file, "--adapter", "caddyfile"], {
      env: caddyEnv(),
    });
    expect(`${stdout}${stderr}`).toMatch(/Valid configuration/);
  });

  it("Caddy: in front of two store servers, it answers through either, and through one when the other stops", async () => {
    const servers: RunningServer[] = [await startProductionServer(), await startProductionServer()];
    let caddy: ChildProcess | undefined;
    try {
      const port = await freePort();
      let config = caddyfile.replace("shop.example.com", `http://127.0.0.1:${port}`);
      UPSTREAMS.forEach((upstream, i) => {
        config = config.replace(upstream, `127.0.0.1:${servers[i]!.port}`);
      });
      const file = path.join(scratch, "Caddyfile.run");
      // Its admin endpoint (a fixed port) off, so runs at once never collide.
      writeFileSync(file, `{\n\tadmin off\n}\n\n${config}`);
      caddy = spawn("caddy", ["run", "--config", file, "--adapter", "caddyfile"], {
        env: caddyEnv(),
        stdio: ["ignore", "ignore", "ignore"],
      });
      const origin = `http://127.0.0.1:${port}`;
      const answer = async (url: string) => {
        try {
          return await rawRequest(`${origin}${url}`);
        } catch {
          return undefined;
        }
      };
      // Until Caddy listens and its first health checks have passed (a hang guard, not a timing assumption).
      for (let tries = 0; (await answer("/readyz"))?.status !== 200; tries++) {
        if (tries > 2_000) throw new Error("Caddy never answered through the store");
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      for (let i = 0; i < 10; i++) {
        const home = await rawRequest(`${origin}/`);
        expect(home.status).toBe(200);
        expect(home.body.toString("utf8")).toContain("<html");
      }
      // One server stops (an upgrade, a crash): every request still gets the store.
      expect(await servers[0]!.stop()).toBe(0);
      for (let i = 0; i < 10; i++) {
        expect((await rawRequest(`${origin}/readyz`)).status).toBe(200);
        expect((await rawRequest(`${origin}/api/product/list`)).status).toBe(200);
      }
    } finally {
      caddy?.kill("SIGTERM");
      for (const server of servers) await server.stop();
    }
  });

  it("nginx: the configuration passes nginx -t", async () => {
    const dir = path.join(scratch, "nginx");
    execFileSync("mkdir", ["-p", dir]);
    // certbot's files, stood in for by a throw-away certificate.
    const cert = path.join(dir, "cert.pem");
    const key = path.join(dir, "key.pem");
    execFileSync(
      "openssl",
      [
        "req",
        ...["-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=shop.example.com"],
        ...["-keyout", key, "-out", cert],
      ],
      { stdio: "ignore" },
    );
    const conf = nginxConf
      .replace("/etc/letsencrypt/live/shop.example.com/fullchain.pem", cert)
      .replace("/etc/letsencrypt/live/shop.example.com/privkey.pem", key);
    // What /etc/nginx/nginx.conf wraps around conf.d/*.conf, without its log and pid paths.
    const main = path.join(dir, "nginx.conf");
    writeFileSync(
      main,
      `pid ${dir}/nginx.pid;\nerror_log ${dir}/error.log;\nevents {}\nhttp {\n  access_log off;\n${conf}\n}\n`,
    );
    const { stderr } = await run("nginx", ["-t", "-p", dir, "-c", main]);
    expect(stderr).toMatch(/syntax is ok/);
    expect(stderr).toMatch(/test is successful/);
  });
});

/** Caddy keeps its state under HOME / XDG folders: a temporary one. */
function caddyEnv() {
  const home = path.join(scratch, "caddy-home");
  return { ...process.env, HOME: home, XDG_DATA_HOME: home, XDG_CONFIG_HOME: home };
}
