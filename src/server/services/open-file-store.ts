import { DiskStore, type FileStore } from "./file-store";
import { S3Store } from "./s3-store";
import type { S3Location } from "./storage-url";

/** The site's FileStore (D162): the bucket STORAGE_URL names, else DATA_DIR's disk. */
export function openFileStore(config: { dataDir: string; storage?: S3Location | undefined }): FileStore {
  return config.storage ? new S3Store(config.storage) : new DiskStore(config.dataDir);
}
