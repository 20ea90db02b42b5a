import fs from "node:fs/promises";
import net from "node:net";
import path from "node:path";
import type { Writable } from "node:stream";

/**
 * D160: how `npm run backup` reaches a running server that holds the embedded database (PGlite opens its folder in
 * one process only). The server listens on a Unix socket inside DATA_DIR: DATA_DIR is 0700 and the socket 0600
 * (ADR 020), so only the server's own user reaches it, with no token to keep and no port open.
 *
 * The exchange: the client writes `backup\n`; the server answers `ok\n` and the archive, then closes; or
 * `error <message>\n`. A failure mid-archive drops the connection, and the client's check of the archive finds it.
 */
export const BACKUP_SOCKET = "backup.sock";
/** Unix socket paths longer than this are refused by the kernel (sun_path is 108 bytes on Linux). */
const MAX_SOCKET_PATH = 100;

export function backupSocketPath(dataDir: string): string | undefined {
  const file = path.join(dataDir, BACKUP_SOCKET);
  return Buffer.byteLength(file) <= MAX_SOCKET_PATH ? file : undefined;
}

export async function serveBackups(options: {
  dataDir: string;
  write: (out: Writable) => Promise<unknown>;
  log: { info(details: object, message: string): void; warn(details: object, message: string): void };
}): Promise<{ close(): Promise<void> } | undefined> {
  const file = backupSocketPath(options.dataDir);
  if (!file) {
    options.log.warn(
      { dataDir: options.dataDir },
      "DATA_DIR's path is too long for the backup socket: stop the server before npm run backup",
    );
    return undefined;
  }
  // a socket left by a process that was killed; this process holds the database now
  await fs.rm(file, { force: true });
  const server = net.createServer((socket) => {
    let asked = "";
    socket.on("error", () => undefined);
    socket.on("data", function onData(chunk) {
      asked += chunk.toString("utf8");
      if (!asked.includes("\n")) {
        if (asked.length > 64) socket.destroy();
        return;
      }
      socket.off("data", onData);
      if (asked.trim() !== "backup") {
        socket.end("error unknown request\n");
        return;
      }
      socket.write("ok\n");
      options.log.info({}, "backup requested through the local socket");
      options.write(socket).catch((err: Error) => {
        options.log.warn({ err }, "backup through the local socket failed");
        socket.destroy(err);
      });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(file, () => resolve());
  });
  await fs.chmod(file, 0o600);
  return {
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await fs.rm(file, { force: true });
    },
  };
}

/** Connects to a running server's backup socket; undefined when no server answers there. */
export async function connectBackupSocket(dataDir: string): Promise<net.Socket | undefined> {
  const file = backupSocketPath(dataDir);
  if (!file) return undefined;
  return new Promise((resolve, reject) => {
    const socket = net.connect(file);
    socket.once("connect", () => resolve(socket));
    socket.once("error", (err: NodeJS.ErrnoException) => {
      if (err.code === "ENOENT" || err.code === "ECONNREFUSED") resolve(undefined);
      else reject(err);
    });
  });
}
