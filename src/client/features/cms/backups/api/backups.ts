import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useIsAdmin } from "@/features/cms/shared/api/get-admin-user";
import { adminKeys, recheckSessionOn } from "@/features/cms/shared/api/keys";
import { apiRequest, getJson } from "@/lib/api-client";
import type { BackupEnqueued, BackupsPage } from "@contract/admin/backups";

/** How often the open screen asks again: a backup started here appears once its job has written it. */
export const BACKUPS_REFRESH_MS = 10_000;

/** GET /api/admin/backups → the backups in the file store, newest first (D160, admins only). */
export function useBackups() {
  const isAdmin = useIsAdmin();
  return useQuery({
    queryKey: adminKeys.backups(),
    queryFn: ({ signal }) => getJson<BackupsPage>("/api/admin/backups", { signal }),
    enabled: isAdmin,
    refetchInterval: BACKUPS_REFRESH_MS,
  });
}

/** POST /api/admin/backups: a backup job, due now. */
export function useStartBackup() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async () => (await (await apiRequest("POST", "/api/admin/backups")).json()) as BackupEnqueued,
    onSuccess: () => qc.invalidateQueries({ queryKey: adminKeys.all }),
    onError: (err) => recheckSessionOn(qc, err),
  });
}

/** Where the browser downloads a backup (a plain link: the admin session's cookie goes with it). */
export const backupDownloadUrl = (name: string) => `/api/admin/backups/${encodeURIComponent(name)}`;
