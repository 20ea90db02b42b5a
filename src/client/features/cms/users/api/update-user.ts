import { useMutation, useQueryClient } from "@tanstack/react-query";
import { adminKeys, recheckSessionOn } from "@/features/cms/shared/api/keys";
import { apiRequest } from "@/lib/api-client";
import { adminUserRowSchema, type AdminUserPatch, type AdminUserRow } from "@contract/admin/users";

/**
 * PATCH /api/admin/users/{id} {role?, disabled?, hiddenFromBoards?} (D47); an admin cannot demote or disable
 * themself (400).
 */
export async function updateUser({ id, patch }: { id: number; patch: AdminUserPatch }): Promise<AdminUserRow> {
  const res = await apiRequest("PATCH", `/api/admin/users/${id}`, patch);
  return adminUserRowSchema.parse(await res.json());
}

export function useUpdateUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    // Hiding a player from the boards shows on the scores list's rows too; the change is in the audit log.
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: adminKeys.usersAll() }),
        qc.invalidateQueries({ queryKey: adminKeys.dashboard() }),
        qc.invalidateQueries({ queryKey: adminKeys.scoresAll() }),
        qc.invalidateQueries({ queryKey: adminKeys.auditAll() }),
      ]),
    onError: (err) => recheckSessionOn(qc, err),
  });
}
