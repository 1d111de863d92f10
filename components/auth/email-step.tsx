"use client";

import { useState, type FormEvent } from "react";
import { StepField, StepForm, useStepField } from "@/components/auth/form-step";
import { Button } from "@/components/ui/button";
import { requestOtp } from "@/lib/api/auth";
import { ApiError, errorMessage } from "@/lib/api/client";
import { ZEmail } from "@/lib/schemas/auth";

const FALLBACK = "Failed to send OTP. Please try again.";

/** Step one of sign-in: ask for the e-mail and send a code to it (PRODUCT §2, §5, §8). */
export function EmailStep({ defaultEmail, onSent }: { defaultEmail: string; onSent: (email: string) => void }) {
  const email = useStepField(ZEmail, "Please enter a valid email address", defaultEmail);
  const [pending, setPending] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    const address = email.start(event, pending);
    if (address === null) return;
    setPending(true);
    try {
      await requestOtp(address);
      // Stay pending: the code step replaces this form.
      onSent(address);
    } catch (error) {
      const serverFieldError = error instanceof ApiError ? error.fields.email : undefined;
      if (serverFieldError) email.setFieldError(serverFieldError);
      else email.setFormError(errorMessage(error, FALLBACK));
      setPending(false);
    }
  }

  return (
    <StepForm title="Sign in to Switchboard" intro="Enter your work email and we'll send you a one-time code." formError={email.formError} onSubmit={handleSubmit}>
      <StepField id="email" label="Email address" field={email} type="email" inputMode="email" autoComplete="email" autoCapitalize="none" spellCheck={false} autoFocus placeholder="you@company.com" disabled={pending} />

      <Button type="submit" size="lg" className="w-full" pending={pending} pendingText="Sending code...">
        Send code
      </Button>
    </StepForm>
  );
}
