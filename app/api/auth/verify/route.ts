import { ZVerifyOtp } from "@/lib/schemas/auth";
import { publicRoute } from "@/server/http/route";
import { countOutcome } from "@/server/observability/metrics";
import { verifyOtp } from "@/server/services/auth/verify-otp";

// POST /api/auth/verify — exchange a sign-in code for {user, token}
export const POST = publicRoute({ body: ZVerifyOtp }, ({ body, ip }) => countOutcome((m) => m.otpVerifications, verifyOtp(body, ip)));
