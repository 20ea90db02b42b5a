import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { requestOtpResponseSchema, type RequestOtpResponse } from "@contract/admin/sign-in";

/** POST /api/admin/request-otp {email} → {otpSecret, message, otp?} (D42; `otp` only in development). */
export async function requestOtp(email: string): Promise<RequestOtpResponse> {
  const res = await apiRequest("POST", "/api/admin/request-otp", { email });
  return requestOtpResponseSchema.partial({ otpSecret: true }).parse(await res.json()) as RequestOtpResponse;
}

export function useRequestOtp() {
  return useMutation({ mutationFn: requestOtp });
}
