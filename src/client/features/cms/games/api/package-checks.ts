import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { adminKeys, recheckSessionOn } from "@/features/cms/shared/api/keys";
import { apiRequest, getJson } from "@/lib/api-client";
import { packageCheckResponseSchema, packageCheckSchema, type BootResultBody } from "@contract/admin/build-checks";

/** D132 in the CMS: a game's latest package check report under /api/admin/games/{id}/checks. */
export const packageCheckKeys = (gameId: number) => [...adminKeys.games(), gameId, "checks"] as const;

export const packageCheckQueryOptions = (gameId: number) =>
  queryOptions({
    queryKey: packageCheckKeys(gameId),
    queryFn: async ({ signal }) =>
      packageCheckResponseSchema.parse(await getJson(`/api/admin/games/${gameId}/checks`, { signal })).check,
  });

export function usePackageCheck(gameId: number) {
  return useQuery(packageCheckQueryOptions(gameId));
}

/** Keeps a boot test's result with the report; the report shown is the one the server answers. */
export function useSaveBootResult(gameId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: BootResultBody) =>
      packageCheckSchema.parse(await (await apiRequest("POST", `/api/admin/games/${gameId}/checks/boot`, body)).json()),
    onSuccess: (check) => qc.setQueryData(packageCheckKeys(gameId), check),
    onError: (err) => recheckSessionOn(qc, err),
  });
}
