import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, type RefObject } from "react";
import { toast } from "@/components/ui/use-toast";
import type { GameAchievement } from "@contract/game-achievements";
import { gameAchievementKeys } from "../../api/game-achievements";

/** D78: an unlock the game reported is a toast with the achievement's title, and the game page's list marks it. */
export function useAchievementToast(gameId: number, gameTitle: string, userRef: RefObject<{ id: number } | null>) {
  const queryClient = useQueryClient();
  const announceRef = useRef<(key: string) => void>(() => undefined);
  useEffect(() => {
    announceRef.current = (key) => {
      const listed = queryClient
        .getQueryData<GameAchievement[]>(gameAchievementKeys.all(gameId))
        ?.find((a) => a.key === key);
      toast({
        title: "Achievement unlocked!",
        description: listed && !listed.hidden ? listed.title : `${gameTitle}: a new achievement`,
      });
      const userId = userRef.current?.id;
      if (userId !== undefined)
        void queryClient.invalidateQueries({ queryKey: gameAchievementKeys.mine(gameId, userId) });
      void queryClient.invalidateQueries({ queryKey: gameAchievementKeys.all(gameId), exact: true });
    };
  }, [queryClient, gameId, gameTitle, userRef]);
  return useCallback((key: string) => announceRef.current(key), []);
}
