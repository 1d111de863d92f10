import { api } from "@/lib/api/client";
import type { VerifyOtpResponse } from "@/lib/schemas/auth";
import type { POST as RequestOtp } from "@/app/api/auth/otp/route";
import type { Answer } from "@/lib/contract/http";

// The sign-in calls of PRODUCT §7 (POST /api/auth/otp, POST /api/auth/verify).

export function requestOtp(email: string): Promise<{ message: string }> {
  return api<Answer<typeof RequestOtp>>("/auth/otp", { method: "POST", body: { email } });
}

export function verifyOtp(email: string, otp: string): Promise<VerifyOtpResponse> {
  return api<VerifyOtpResponse>("/auth/verify", { method: "POST", body: { email, otp } });
}
