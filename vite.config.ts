import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("./src/client", import.meta.url));
const apiTarget = process.env.API_URL ?? "http://localhost:5000";

export default defineConfig({
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
    rolldownOptions: {
      output: {
        // Libraries change less often than the site's code: in chunks of their own they stay cached
        // across releases (and no single chunk passes Vite's 500 kB warning).
        codeSplitting: {
          groups: [
            { name: "react", test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 2 },
            { name: "vendor", test: /[\\/]node_modules[\\/]/, priority: 1 },
          ],
        },
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
});
