import { Suspense } from "react";
import { PublicOnlyGuard } from "@/components/auth/public-only-guard";
import { SignInForm } from "@/components/auth/sign-in-form";
import { SignInScreen } from "@/components/auth/sign-in-screen";
import { PageSpinner } from "@/components/ui/spinner";

// / — sign-in: e-mail, then the code step at /?mode=otp (PRODUCT §2).
export default function SignInPage() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <PublicOnlyGuard>
        <SignInScreen>
          <SignInForm />
        </SignInScreen>
      </PublicOnlyGuard>
    </Suspense>
  );
}
