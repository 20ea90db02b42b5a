import { useMutation } from "@tanstack/react-query";
import type { z } from "zod";
import { type contactSchema, okMessageSchema } from "@contract/forms";
import { postForm } from "@/lib/api-form";

export type ContactMessage = z.input<typeof contactSchema>;

/** POST /api/contact {name, email, subject?, message} (D51) → 201 {message}; 400 with field errors. */
export async function sendContactMessage(input: ContactMessage): Promise<{ message: string }> {
  return postForm("/api/contact", input, okMessageSchema);
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
