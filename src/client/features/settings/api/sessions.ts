import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest, getJson } from "@/lib/api-client";
import type { SessionInfo } from "@contract/me";
import { settingsKeys } from "./keys";

/** GET /api/me/sessions (D87): the signed-in sessions, this one marked `current`. */
export function getSessions(signal?: AbortSignal) {
  return getJson<SessionInfo[]>("/api/me/sessions", { signal });
}

export const sessionsQueryOptions = () =>
  queryOptions({
    queryKey: settingsKeys.sessions(),
    queryFn: ({ signal }) => getSessions(signal),
    meta: { clientOnly: true },
  });

export function useSessions(enabled = true) {
  return useQuery({ ...sessionsQueryOptions(), enabled });
}

/** DELETE /api/me/sessions/others → 204: "Sign out everywhere else". */
export function useEndOtherSessions() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await apiRequest("DELETE", "/api/me/sessions/others");
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: settingsKeys.sessions() }),
  });
}

/** DELETE /api/me/sessions/{id} → 204: one session ends. */
export function useEndSession() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await apiRequest("DELETE", `/api/me/sessions/${encodeURIComponent(id)}`);
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: settingsKeys.sessions() }),
  });
}
