import { useMutation } from "@tanstack/react-query";
import type { z } from "zod";
import { postForm } from "@/lib/api-form";
import type { contactSchema, OkMessage } from "@contract/forms";

export type ContactMessage = z.input<typeof contactSchema>;

/** POST /api/contact {name, email, subject?, message} (D51) → 201 {message}; 400 with field errors. */
export async function sendContactMessage(input: ContactMessage): Promise<OkMessage> {
  return postForm("/api/contact", input);
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
