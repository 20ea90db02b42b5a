import type { FileStore } from "../services/file-store";
import { ensureOgImage } from "../services/og-images";

/** D71: makes a game's link-preview picture, queued by services/og-images.ts (enqueueOgImage). */
export async function makeOgImage(files: FileStore, payload: unknown): Promise<void> {
  const imageUrl = (payload as { imageUrl?: unknown } | null)?.imageUrl;
  if (typeof imageUrl !== "string") throw new Error("the job names no cover");
  if (!(await ensureOgImage(files, imageUrl)))
    throw new Error(`could not make the link preview picture of ${imageUrl}`);
}
