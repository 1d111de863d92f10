import { ZRequestOtp } from "@/lib/schemas/auth";
import { publicRoute } from "@/server/http/route";
import { countOutcome } from "@/server/observability/metrics";
import { requestOtp } from "@/server/services/auth/request-otp";

// POST /api/auth/otp — e-mail a sign-in code (same answer for unknown addresses)
export const POST = publicRoute({ body: ZRequestOtp }, ({ body, ip }) => countOutcome((m) => m.otpRequests, requestOtp(body, ip)));
