import { ConfigError, loadConfig } from "./config";
import { DiskStore } from "./services/file-store";
import { S3Store } from "./services/s3-store";
import { copyStore } from "./services/storage-copy";

const USAGE =
  "Usage: npm run storage:copy -- --to s3|disk   (copies DATA_DIR's stored files to the bucket of STORAGE_URL, or back)";

/**
 * `npm run storage:copy -- --to s3` or `--to disk` (D162): the stored files between DATA_DIR and the bucket STORAGE_URL
 * names. Returns the exit code; what it did is written to `out`.
 */
export async function runStorageCopy(
  args: string[],
  env: NodeJS.ProcessEnv,
  rootDir: string,
  out: (line: string) => void,
): Promise<number> {
  const at = args.indexOf("--to");
  const direction = at >= 0 ? args[at + 1] : undefined;
  if (direction !== "s3" && direction !== "disk") {
    out(USAGE);
    return 2;
  }
  let config;
  try {
    config = loadConfig(env, rootDir);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    out(error.message);
    return 1;
  }
  if (!config.storage) {
    out(`STORAGE_URL is not set: it names the bucket to copy ${direction === "s3" ? "to" : "from"}.\n${USAGE}`);
    return 1;
  }
  const disk = new DiskStore(config.dataDir);
  const bucket = new S3Store(config.storage);
  const [from, to] = direction === "s3" ? [disk, bucket] : [bucket, disk];
  const where = { disk: config.dataDir, s3: `bucket ${config.storage.bucket} at ${config.storage.endpoint}` };
  out(
    `Copying stored files from ${direction === "s3" ? where.disk : where.s3} to ${direction === "s3" ? where.s3 : where.disk} …`,
  );
  try {
    const counts = await copyStore(from, to);
    out(
      `Copied ${counts.copied} file(s) (${counts.bytes} bytes); skipped ${counts.skipped} already there with the same size.`,
    );
    return 0;
  } catch (error) {
    out(`Stopped: ${(error as Error).message}. Run it again to continue; files already copied are skipped.`);
    return 1;
  } finally {
    bucket.close();
  }
}
