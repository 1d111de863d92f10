"use client";

import { useRef, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { ErrorAlert } from "@/components/ui/alert";
import { describedBy, Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { requestOtp } from "@/lib/api/auth";
import { ApiError, errorMessage } from "@/lib/api/client";
import { ZEmail } from "@/lib/schemas/auth";

const FALLBACK = "Failed to send OTP. Please try again.";

/** Step one of sign-in: ask for the e-mail and send a code to it (PRODUCT §2, §5, §8). */
export function EmailStep({ defaultEmail, onSent }: { defaultEmail: string; onSent: (email: string) => void }) {
  const [email, setEmail] = useState(defaultEmail);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    setFormError(null);
    const parsed = ZEmail.safeParse(email);
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? "Please enter a valid email address");
      inputRef.current?.focus();
      return;
    }
    setFieldError(null);
    setPending(true);
    try {
      await requestOtp(parsed.data);
      // Stay pending: the code step replaces this form.
      onSent(parsed.data);
    } catch (error) {
      const serverFieldError = error instanceof ApiError ? error.fields.email : undefined;
      if (serverFieldError) setFieldError(serverFieldError);
      else setFormError(errorMessage(error, FALLBACK));
      setPending(false);
    }
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="space-y-6">
      <div className="space-y-2">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Sign in to Switchboard</h1>
        <p className="text-sm text-slate-600">Enter your work email and we&apos;ll send you a one-time code.</p>
      </div>

      {formError && <ErrorAlert>{formError}</ErrorAlert>}

      <Field id="email" label="Email address" error={fieldError}>
        <Input
          ref={inputRef}
          id="email"
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          autoFocus
          placeholder="you@company.com"
          value={email}
          invalid={Boolean(fieldError)}
          aria-describedby={describedBy("email", fieldError)}
          disabled={pending}
          onChange={(event) => {
            setEmail(event.target.value);
            if (fieldError) setFieldError(null);
          }}
        />
      </Field>

      <Button type="submit" size="lg" className="w-full" pending={pending} pendingText="Sending code...">
        Send code
      </Button>
    </form>
  );
}
