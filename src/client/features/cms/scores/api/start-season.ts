import { useMutation, useQueryClient } from "@tanstack/react-query";
import { adminKeys, recheckSessionOn } from "@/features/cms/shared/api/keys";
import { apiRequest } from "@/lib/api-client";
import { seasonKeys } from "@/lib/seasons";
import type { Season } from "@contract/leaderboard";

/** POST /api/admin/seasons/new → 201 the new season (D91, admins only): the open season ends now, the next opens; audit-logged. */
export async function startNewSeason(): Promise<Season> {
  const res = await apiRequest("POST", "/api/admin/seasons/new");
  return (await res.json()) as Season;
}

/** Every board changes with the season (the week is a new one, the old one is archived): seasons, boards, audit log. */
export function useStartNewSeason() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: startNewSeason,
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: seasonKeys.all }),
        // the public boards (features leaderboard and scores, by their key roots: features do not import each other)
        qc.invalidateQueries({ queryKey: ["leaderboard"] }),
        qc.invalidateQueries({ queryKey: ["scores"] }),
        qc.invalidateQueries({ queryKey: adminKeys.auditAll() }),
      ]),
    onError: (err) => recheckSessionOn(qc, err),
  });
}
