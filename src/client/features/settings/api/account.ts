import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { authKeys } from "@/lib/query-keys";
import { postFormData } from "@/lib/upload";
import { settingsKeys } from "./keys";

/** POST /api/me/password → 204 (D87); the other sessions end. */
export function useChangePassword() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (input: { currentPassword?: string; newPassword: string }) => {
      await apiRequest("POST", "/api/me/password", input);
    },
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: settingsKeys.all })]),
  });
}

/** POST /api/me/email → 202 {message}: a verification link goes to the new address. */
export function useChangeEmail() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (email: string) =>
      (await apiRequest("POST", "/api/me/email", { email })).json() as Promise<{ message: string }>,
    onSuccess: () => qc.invalidateQueries({ queryKey: settingsKeys.settings() }),
  });
}

/** POST /api/me/email/verify {token} → {email}. */
export function useVerifyEmail() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (token: string) =>
      (await apiRequest("POST", "/api/me/email/verify", { token })).json() as Promise<{ email: string }>,
    onSuccess: () => qc.invalidateQueries({ queryKey: settingsKeys.settings() }),
  });
}

/** POST /api/me/avatar (multipart, field `avatar`) → {avatarUrl}; DELETE /api/me/avatar → 204. The header's avatar follows. */
export function useUploadAvatar() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) => {
      const form = new FormData();
      form.append("avatar", file);
      return (await postFormData("/api/me/avatar", form)).json() as Promise<{ avatarUrl: string }>;
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: authKeys.user() }),
  });
}

export function useRemoveAvatar() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await apiRequest("DELETE", "/api/me/avatar");
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: authKeys.user() }),
  });
}

/** DELETE /api/me {password} → 202 {deleteAfter} (D87: a 14-day grace). */
export function useDeleteAccount() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (password: string | undefined) =>
      (await apiRequest("DELETE", "/api/me", password === undefined ? {} : { password })).json() as Promise<{
        deleteAfter: string;
      }>,
    onSuccess: () => qc.invalidateQueries({ queryKey: settingsKeys.settings() }),
  });
}

/** POST /api/me/delete/cancel → 204. */
export function useCancelDeletion() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await apiRequest("POST", "/api/me/delete/cancel");
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: settingsKeys.settings() }),
  });
}

/** GET /api/me/export: a file download, left to the browser (a plain link with `download`). */
export const EXPORT_URL = "/api/me/export";
