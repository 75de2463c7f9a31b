import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // BUILD_DIR lets several checkouts or test runs build side by side.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  future: {
    // Route middleware: app/root.tsx refuses cross-site writes before any action runs.
    v8_middleware: true,
  },
} satisfies Config;
