// Small helpers shared by the benchmarks.
import net from "node:net";

/** A free TCP port on 127.0.0.1. */
export function freePort() {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** The p-th percentile (nearest rank) of an ascending array. */
export const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
