"use client";

import { useState, type FormEvent } from "react";
import { toast } from "@/lib/toast";
import { StepField, StepForm, useStepField } from "@/components/auth/form-step";
import { Button } from "@/components/ui/button";
import { ArrowLeftIcon } from "@/components/ui/icons";
import { requestOtp, verifyOtp } from "@/lib/api/auth";
import { errorMessage } from "@/lib/api/client";
import { OTP_LENGTH, sanitizeOtpInput, ZOtpCode, type VerifyOtpResponse } from "@/lib/schemas/auth";

const VERIFY_FALLBACK = "Failed to verify OTP. Please try again.";
const SEND_FALLBACK = "Failed to send OTP. Please try again.";

type Props = {
  email: string;
  onVerified: (session: VerifyOtpResponse) => void;
  onBack: () => void;
};

/** Step two of sign-in: the 6-digit code, with resend and 'Back to email' (PRODUCT §2, §5, §8). */
export function OtpStep({ email, onVerified, onBack }: Props) {
  const otp = useStepField(ZOtpCode, "OTP must be 6 digits");
  const [verifying, setVerifying] = useState(false);
  const [resending, setResending] = useState(false);
  const busy = verifying || resending;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    const code = otp.start(event, busy);
    if (code === null) return;
    setVerifying(true);
    try {
      const session = await verifyOtp(email, code);
      // Stay pending: signing in navigates away.
      onVerified(session);
    } catch (error) {
      otp.setFormError(errorMessage(error, VERIFY_FALLBACK));
      setVerifying(false);
      otp.inputRef.current?.focus();
    }
  }

  async function handleResend() {
    if (busy) return;
    otp.setFormError(null);
    otp.setFieldError(null);
    setResending(true);
    try {
      await requestOtp(email);
      otp.setValue("");
      toast.success(`We sent a new code to ${email}`);
      otp.inputRef.current?.focus();
    } catch (error) {
      otp.setFormError(errorMessage(error, SEND_FALLBACK));
    } finally {
      setResending(false);
    }
  }

  return (
    <StepForm
      title="Check your email"
      intro={
        <>
          We sent a {OTP_LENGTH}-digit code to <span className="font-medium break-all text-slate-900">{email}</span>.
          Enter it below to sign in.
        </>
      }
      formError={otp.formError}
      onSubmit={handleSubmit}
    >
      <StepField id="otp" label="Verification code" field={otp} clean={sanitizeOtpInput} type="text" inputMode="numeric" autoComplete="one-time-code" autoFocus placeholder="000000" disabled={verifying} size="code" />

      <Button type="submit" size="lg" className="w-full" pending={verifying} pendingText="Verifying..." disabled={resending}>
        Verify and sign in
      </Button>

      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 text-sm">
        <Button variant="link-muted" onClick={onBack} disabled={verifying}>
          <ArrowLeftIcon className="size-4" />
          Back to email
        </Button>
        <span className="text-slate-500">
          Didn&apos;t get it?{" "}
          <Button variant="link" onClick={handleResend} disabled={verifying} pending={resending} pendingText="Sending...">
            Resend code
          </Button>
        </span>
      </div>
    </StepForm>
  );
}
