import { api } from "@/lib/api/client";
import type { VerifyOtpResponse } from "@/lib/schemas/auth";

// The sign-in calls of PRODUCT §7 (POST /api/auth/otp, POST /api/auth/verify).

export function requestOtp(email: string): Promise<{ message: string }> {
  return api<{ message: string }>("/auth/otp", { method: "POST", body: { email } });
}

export function verifyOtp(email: string, otp: string): Promise<VerifyOtpResponse> {
  return api<VerifyOtpResponse>("/auth/verify", { method: "POST", body: { email, otp } });
}
