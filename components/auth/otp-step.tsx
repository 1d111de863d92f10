"use client";

import { useRef, useState, type FormEvent } from "react";
import { toast } from "@/lib/toast";
import { Button } from "@/components/ui/button";
import { ErrorAlert } from "@/components/ui/alert";
import { describedBy, Field } from "@/components/ui/field";
import { ArrowLeftIcon } from "@/components/ui/icons";
import { Input } from "@/components/ui/input";
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
  const [otp, setOtp] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [verifying, setVerifying] = useState(false);
  const [resending, setResending] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const busy = verifying || resending;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setFormError(null);
    const parsed = ZOtpCode.safeParse(otp);
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? "OTP must be 6 digits");
      inputRef.current?.focus();
      return;
    }
    setFieldError(null);
    setVerifying(true);
    try {
      const session = await verifyOtp(email, parsed.data);
      // Stay pending: signing in navigates away.
      onVerified(session);
    } catch (error) {
      setFormError(errorMessage(error, VERIFY_FALLBACK));
      setVerifying(false);
      inputRef.current?.focus();
    }
  }

  async function handleResend() {
    if (busy) return;
    setFormError(null);
    setFieldError(null);
    setResending(true);
    try {
      await requestOtp(email);
      setOtp("");
      toast.success(`We sent a new code to ${email}`);
      inputRef.current?.focus();
    } catch (error) {
      setFormError(errorMessage(error, SEND_FALLBACK));
    } finally {
      setResending(false);
    }
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="space-y-6">
      <div className="space-y-2">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Check your email</h1>
        <p className="text-sm text-slate-600">
          We sent a {OTP_LENGTH}-digit code to <span className="font-medium break-all text-slate-900">{email}</span>.
          Enter it below to sign in.
        </p>
      </div>

      {formError && <ErrorAlert>{formError}</ErrorAlert>}

      <Field id="otp" label="Verification code" error={fieldError}>
        <Input
          ref={inputRef}
          id="otp"
          name="otp"
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          autoFocus
          placeholder="000000"
          value={otp}
          invalid={Boolean(fieldError)}
          aria-describedby={describedBy("otp", fieldError)}
          disabled={verifying}
          size="code"
          onChange={(event) => {
            setOtp(sanitizeOtpInput(event.target.value));
            if (fieldError) setFieldError(null);
          }}
        />
      </Field>

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
    </form>
  );
}
