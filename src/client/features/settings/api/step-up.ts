import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

/** POST /api/account/undo {token} → {message} (D105: the link of the notice mailed after a change). */
export function useUndoChange() {
  return useMutation({
    mutationFn: async (token: string) =>
      (await apiRequest("POST", "/api/account/undo", { token })).json() as Promise<{ message: string }>,
  });
}
