import { ZVerifyOtp } from "@/lib/schemas/auth";
import { publicRoute } from "@/server/http/route";
import { verifyOtp } from "@/server/services/auth/verify-otp";

// POST /api/auth/verify — exchange a sign-in code for {user, token}
export const POST = publicRoute({ body: ZVerifyOtp }, ({ body, ip }) => verifyOtp(body, ip));
