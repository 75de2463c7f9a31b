// What `npm run dev` (Vite's dev server with React Router's plugin) runs of the production server: the mail
// sender. Once the dev server listens, the app's server entry is loaded through Vite (the same module
// instances React Router's dev handler uses) and its sender started; closing the dev server stops it.
// Everything else of server.ts (static files from memory, its own refusals, the page cache, the security
// headers on every answer, compression, limits) is the production server's only: in development Vite answers
// (docs/decisions/0072-server-in-typescript.md).
import type { Plugin, ViteDevServer } from "vite";

type AppServer = typeof import("../app/entry.server.tsx");

export function mailSenderInDevelopment(): Plugin {
  return {
    name: "store:mail-sender-in-development",
    apply: "serve",
    configureServer(server: ViteDevServer) {
      const http = server.httpServer;
      if (!http) return;
      let app: AppServer | undefined;
      http.once("listening", () => {
        server
          .ssrLoadModule("/app/entry.server.tsx")
          .then((module) => {
            app = module as AppServer;
            app.startMailSender();
          })
          .catch((error: unknown) => server.config.logger.error(`The mail sender did not start: ${error}`));
      });
      http.once("close", () => {
        void app?.stopMailSender();
      });
    },
  };
}
