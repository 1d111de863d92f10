import { ZRequestOtp } from "@/lib/schemas/auth";
import { publicRoute } from "@/server/http/route";
import { requestOtp } from "@/server/services/auth/request-otp";

// POST /api/auth/otp — e-mail a sign-in code (same answer for unknown addresses)
export const POST = publicRoute({ body: ZRequestOtp }, ({ body, ip }) => requestOtp(body, ip));
