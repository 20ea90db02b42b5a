import { useMutation, useQueryClient } from "@tanstack/react-query";
import { recheckSessionOn, refetchAfterGameChange } from "@/features/cms/shared/api/keys";
import { postFormData } from "@/lib/upload";
import { gameSchema, type Game, type GameDifficulty } from "@contract/games";

export type GamePackageInput = {
  title: string;
  description: string;
  imageUrl: string;
  categoryId: number;
  developer: string;
  instructions: string;
  isFeatured: boolean;
  /** D83: absent: as the package's game.json says */
  difficulty?: GameDifficulty;
  collectionIds?: number[];
  htmlFile: File;
};

/**
 * POST /api/admin/games/upload, multipart (D44): title, description, imageUrl, categoryId,
 * developer, instructions, isFeatured ('true' | 'false'), difficulty and collectionIds ("1,3"), htmlFile (.zip or .html). The file goes
 * last so that the server reads every field before the (large) file.
 */
export async function uploadGamePackage(input: GamePackageInput): Promise<Game> {
  const form = new FormData();
  form.append("title", input.title);
  form.append("description", input.description);
  form.append("imageUrl", input.imageUrl);
  form.append("categoryId", String(input.categoryId));
  form.append("developer", input.developer);
  form.append("instructions", input.instructions);
  form.append("isFeatured", input.isFeatured ? "true" : "false");
  if (input.difficulty) form.append("difficulty", input.difficulty);
  if (input.collectionIds?.length) form.append("collectionIds", input.collectionIds.join(","));
  form.append("htmlFile", input.htmlFile, input.htmlFile.name);
  const res = await postFormData("/api/admin/games/upload", form);
  return gameSchema.parse(await res.json());
}

export function useUploadGamePackage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: uploadGamePackage,
    onSuccess: () => refetchAfterGameChange(qc),
    onError: (err) => recheckSessionOn(qc, err),
  });
}
