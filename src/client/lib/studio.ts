import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest, getJson } from "@/lib/api-client";
import { postFormData } from "@/lib/upload";
import type { GameBuilds, StudioGame } from "@contract/studio";

/** D130, D131: the studio's requests, for /studio and the CMS. */

export const studioKeys = {
  all: ["studio"] as const,
  games: () => ["studio", "games"] as const,
  builds: (scope: "studio" | "admin", id: number) => ["studio", scope, "builds", id] as const,
};

/** Where a game's builds are read and changed: the studio's routes, or the CMS's (admins, any game). */
export function buildsBase(scope: "studio" | "admin", gameId: number): string {
  return scope === "studio" ? `/api/studio/games/${gameId}/builds` : `/api/admin/games/${gameId}/builds`;
}

export const studioGamesQueryOptions = () =>
  queryOptions({
    queryKey: studioKeys.games(),
    queryFn: ({ signal }) => getJson<StudioGame[]>("/api/studio/games", { signal }),
    meta: { clientOnly: true },
  });

export function useStudioGames(enabled = true) {
  return useQuery({ ...studioGamesQueryOptions(), enabled });
}

export function useGameBuilds(scope: "studio" | "admin", gameId: number | null) {
  return useQuery({
    queryKey: studioKeys.builds(scope, gameId ?? 0),
    queryFn: ({ signal }) => getJson<GameBuilds>(buildsBase(scope, gameId!), { signal }),
    meta: { clientOnly: true },
    enabled: gameId !== null,
  });
}

/** A new build (multipart: `package`, `notes`): a creator's waits for review (D133), an admin's is live at once. */
export function useUploadBuild(scope: "studio" | "admin", gameId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (input: { file: File; notes: string }) => {
      const form = new FormData();
      form.append("notes", input.notes);
      form.append("package", input.file);
      return (await (await postFormData(buildsBase(scope, gameId), form)).json()) as { number: number };
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: studioKeys.all }),
  });
}

/** A creator's new game (multipart), hidden until staff show it. */
export function useNewStudioGame() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (input: { title: string; description: string; notes: string; file: File }) => {
      const form = new FormData();
      form.append("title", input.title);
      form.append("description", input.description);
      form.append("notes", input.notes);
      form.append("package", input.file);
      return (await (await postFormData("/api/studio/games", form)).json()) as { gameId: number; number: number };
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: studioKeys.all }),
  });
}

/** Rollback (or forward): one build made live. */
export function useMakeLive(scope: "studio" | "admin", gameId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (number: number) =>
      (await (await apiRequest("POST", `${buildsBase(scope, gameId)}/${number}/live`)).json()) as GameBuilds,
    onSuccess: (data) => {
      qc.setQueryData(studioKeys.builds(scope, gameId), data);
      void qc.invalidateQueries({ queryKey: studioKeys.games() });
    },
  });
}

/** D133: a creator sends a draft (or a build sent back) to the staff's review queue. */
export function useSubmitBuild(gameId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (number: number) =>
      (await (await apiRequest("POST", `${buildsBase("studio", gameId)}/${number}/submit`)).json()) as GameBuilds,
    onSuccess: (data) => {
      qc.setQueryData(studioKeys.builds("studio", gameId), data);
      void qc.invalidateQueries({ queryKey: studioKeys.games() });
    },
  });
}

/** A signed preview address of one build on the games origin (valid for an hour). */
export async function previewUrl(scope: "studio" | "admin", gameId: number, number: number): Promise<string> {
  return (await getJson<{ url: string }>(`${buildsBase(scope, gameId)}/${number}/preview`)).url;
}
