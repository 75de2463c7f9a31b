// A port on 127.0.0.1 that was free a moment ago: for a server started as a process of its own (it gets the
// number on its command line), by the tests and by the tools (tools/postgres-server.ts, bench/processes.ts).
import { createServer } from "node:net";

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}
