import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { adminKeys, recheckSessionOn } from "@/features/cms/shared/api/keys";
import { apiRequest, getJson } from "@/lib/api-client";
import { gameKeys } from "@/lib/query-keys";
import {
  adminGameAchievementListSchema,
  adminGameAchievementSchema,
  type AdminGameAchievement,
} from "@contract/game-achievements";

/** D78 in the CMS: a game's achievements under /api/admin/games/{id}/achievements. */
export const adminGameAchievementKeys = (gameId: number) => [...adminKeys.games(), gameId, "achievements"] as const;

export type AchievementInput = { key: string; title: string; description: string; iconUrl: string; hidden: boolean };

export const adminGameAchievementsQueryOptions = (gameId: number) =>
  queryOptions({
    queryKey: adminGameAchievementKeys(gameId),
    queryFn: async ({ signal }) =>
      adminGameAchievementListSchema.parse(await getJson(`/api/admin/games/${gameId}/achievements`, { signal })),
  });

export function useAdminGameAchievements(gameId: number) {
  return useQuery(adminGameAchievementsQueryOptions(gameId));
}

type Change =
  | { kind: "create"; input: AchievementInput }
  | { kind: "update"; id: number; input: AchievementInput }
  | { kind: "delete"; id: number }
  | { kind: "order"; ids: number[] };

async function change(gameId: number, c: Change): Promise<AdminGameAchievement | AdminGameAchievement[] | null> {
  const base = `/api/admin/games/${gameId}/achievements`;
  switch (c.kind) {
    case "create":
      return adminGameAchievementSchema.parse(await (await apiRequest("POST", base, c.input)).json());
    case "update":
      return adminGameAchievementSchema.parse(await (await apiRequest("PATCH", `${base}/${c.id}`, c.input)).json());
    case "delete":
      await apiRequest("DELETE", `${base}/${c.id}`);
      return null;
    case "order":
      return adminGameAchievementListSchema.parse(
        await (await apiRequest("PUT", `${base}/order`, { ids: c.ids })).json(),
      );
  }
}

/** Every change refetches the CMS list and the game's public achievements. */
export function useChangeGameAchievements(gameId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (c: Change) => change(gameId, c),
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: adminGameAchievementKeys(gameId) }),
        qc.invalidateQueries({ queryKey: [...gameKeys.detail(gameId), "achievements"] }),
      ]),
    onError: (err) => recheckSessionOn(qc, err),
  });
}
