"use client";

import { useEffect, useState } from "react";
import { useRouter, useSearchParams } from "next/navigation";
import { useAuth } from "@/components/auth/auth-provider";
import { EmailStep } from "@/components/auth/email-step";
import { OtpStep } from "@/components/auth/otp-step";
import { postSignInPath, safeNextPath } from "@/lib/auth/route-access";
import { clearSignInEmail, readSignInEmail, writeSignInEmail } from "@/lib/auth/sign-in-email";
import type { VerifyOtpResponse } from "@/lib/schemas/auth";

/**
 * The two sign-in steps (PRODUCT §2): e-mail at /, code at /?mode=otp. The e-mail survives a reload of the code step
 * through sessionStorage; a code step with no known e-mail goes back to step one. `next` is carried through both.
 * Uses useSearchParams, so render it inside <Suspense>.
 */
export function SignInForm() {
  const router = useRouter();
  const params = useSearchParams();
  const { login } = useAuth();
  const next = safeNextPath(params.get("next"));
  const isCodeStep = params.get("mode") === "otp";
  // Mounted only on the client (the public-only guard shows a spinner until the session is known).
  const [email, setEmail] = useState(readSignInEmail);

  const withNext = (path: string) =>
    next ? `${path}${path.includes("?") ? "&" : "?"}next=${encodeURIComponent(next)}` : path;
  const stepOneUrl = withNext("/");
  const missingEmail = isCodeStep && !email;

  useEffect(() => {
    if (missingEmail) router.replace(stepOneUrl);
  }, [missingEmail, stepOneUrl, router]);

  function handleSent(sentTo: string) {
    setEmail(sentTo);
    writeSignInEmail(sentTo);
    router.push(withNext("/?mode=otp"));
  }

  function handleVerified(session: VerifyOtpResponse) {
    clearSignInEmail();
    login({ token: session.token, user: session.user });
    router.replace(postSignInPath(session.user.role, next));
  }

  if (isCodeStep && email) {
    return <OtpStep email={email} onVerified={handleVerified} onBack={() => router.replace(stepOneUrl)} />;
  }
  return <EmailStep defaultEmail={email} onSent={handleSent} />;
}
