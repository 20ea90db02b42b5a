import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const root = fileURLToPath(new URL("./src/client", import.meta.url));
const apiTarget = process.env.API_URL ?? "http://localhost:5000";

export default defineConfig(({ isSsrBuild }) => ({
  root,
  publicDir: fileURLToPath(new URL("./src/client/public", import.meta.url)),
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: {
      "@contract": fileURLToPath(new URL("./src/contract", import.meta.url)),
      "@": root,
    },
  },
  build: {
    outDir: fileURLToPath(new URL("./dist/client", import.meta.url)),
    emptyOutDir: true,
    sourcemap: true,
    // Which chunks each screen needs (bench/bundle.mjs reads it to count what a page loads).
    manifest: true,
    rolldownOptions: {
      output: {
        // React changes less often than the site's code: in a chunk of its own it stays cached across releases.
        // Other packages go with the screens that use them (issue 13 item 6, D73: a page loads only what it
        // needs; one "vendor" chunk made every page load every screen's libraries).
        codeSplitting: {
          groups: [
            { name: "react", test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 2 },
            // What the entry imports statically stays in the entry's chunk: every page loads it, and small
            // common chunks of it would each cost a request and their own overhead.
            { name: "index", tags: ["$initial"], priority: 1 },
          ],
        },
        // The browser's scripts are named by their hash alone: every chunk names the chunks it imports, and the
        // entry lists every lazy chunk's dependencies for preloading, so names cost every page about 2 KB gzip
        // (D73). The build manifest (.vite/manifest.json) still says which chunk is which. The page renderer
        // (scripts/build-lib.mjs, an SSR build) keeps its entry-server.js.
        ...(isSsrBuild ? {} : { entryFileNames: "assets/[hash].js", chunkFileNames: "assets/[hash].js" }),
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      "/api": { target: apiTarget, ws: true, changeOrigin: false },
      "/uploads": { target: apiTarget },
    },
  },
}));
