import { z } from "zod";
import type { Role } from "@/lib/access/roles";

// Sign-in rules and texts of PRODUCT §5, shared by the sign-in form and the /api/auth handlers.

export const OTP_LENGTH = 6;

export const ZEmail = z
  .string({ error: "Email is required" })
  .trim()
  .min(1, "Email is required")
  .max(254, "Please enter a valid email address")
  .pipe(z.email("Please enter a valid email address"))
  .transform((email) => email.toLowerCase());

export const ZOtpCode = z
  .string({ error: "OTP is required" })
  .trim()
  .min(1, "OTP is required")
  .regex(/^\d*$/, "OTP must contain only numbers")
  .length(OTP_LENGTH, "OTP must be 6 digits");

export const ZRequestOtp = z.object({ email: ZEmail });
export type TRequestOtp = z.infer<typeof ZRequestOtp>;

export const ZVerifyOtp = z.object({ email: ZEmail, otp: ZOtpCode });
export type TVerifyOtp = z.infer<typeof ZVerifyOtp>;

/** The code input strips non-digits and caps at 6 (PRODUCT §5). */
export function sanitizeOtpInput(raw: string): string {
  return raw.replace(/\D/g, "").slice(0, OTP_LENGTH);
}

/** The signed-in user as the API returns it and the browser stores it (PRODUCT §3 Session). */
export type SessionUser = {
  _id: string;
  id: string;
  name: string;
  email: string;
  role: Role;
  companyId: string | null;
  /** The company's name, for the profile (staff may not read the users API where it also appears). */
  companyName?: string | null;
  pages: { id: string; name: string }[];
};

export const SIGNED_OUT = "Signed out";
export const SIGNED_OUT_EVERYWHERE = "Signed out on every device";

export type VerifyOtpResponse = { user: SessionUser; token: string };
