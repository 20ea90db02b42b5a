import { apiRequest } from "@/lib/api-client";

/** POST /api/newsletter {email} (D53): stores the address, idempotent. */
export async function subscribeToNewsletter(email: string): Promise<void> {
  await apiRequest("POST", "/api/newsletter", { email });
}
