import { useMutation, useQueryClient } from "@tanstack/react-query";
import { postFormData } from "@/lib/upload";
import { uploadImageResponseSchema } from "@contract/admin/games";
import { recheckSessionOn } from "./keys";

/** POST /api/admin/upload-image, multipart `image` (D45: PNG, JPEG, WebP or GIF up to 5 MB) → {imageUrl}. */
export async function uploadImage(file: File): Promise<string> {
  const form = new FormData();
  form.append("image", file, file.name);
  const res = await postFormData("/api/admin/upload-image", form);
  return uploadImageResponseSchema.parse(await res.json()).imageUrl;
}

export function useUploadImage() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: uploadImage, onError: (err) => recheckSessionOn(qc, err) });
}
