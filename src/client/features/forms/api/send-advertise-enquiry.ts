import { useMutation } from "@tanstack/react-query";
import type { z } from "zod";
import { postForm } from "@/lib/api-form";
import type { advertiseSchema, OkMessage } from "@contract/forms";

export type AdvertiseEnquiry = z.input<typeof advertiseSchema>;

/** POST /api/advertise {companyName, email, website?, budget?, goals?} (D53) → 201 {message}; 400 with field errors. */
export async function sendAdvertiseEnquiry(input: AdvertiseEnquiry): Promise<OkMessage> {
  return postForm("/api/advertise", input);
}

export function useSendAdvertiseEnquiry() {
  return useMutation({ mutationFn: sendAdvertiseEnquiry });
}
