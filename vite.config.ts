import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { mailSenderInDevelopment } from "./server/dev.ts";

export default defineConfig({
  // `npm run dev` runs the mail sender as the production server does (server/dev.ts).
  plugins: [tailwindcss(), reactRouter(), mailSenderInDevelopment()],
  server: { host: "127.0.0.1" },
});
