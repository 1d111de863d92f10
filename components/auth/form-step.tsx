"use client";

import { useRef, useState, type ComponentProps, type FormEvent, type ReactNode } from "react";
import type { ZodType } from "zod";
import { ErrorAlert } from "@/components/ui/alert";
import { describedBy, Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";

/**
 * The one input of a sign-in step (the e-mail, then the code: PRODUCT §5) with its error under it, and the
 * step's form-level error. `start(event, busy)` is how the step's submit starts: the browser's own submit
 * stays off and nothing happens while the step is busy; else the form error clears and the value is parsed.
 * A failure shows the first issue (else `fallback`) under the field, puts the caret back in it, and gives
 * null; a success clears the field's error and gives the parsed value.
 */
export function useStepField(schema: ZodType<string>, fallback: string, initial = "") {
  const [value, setValue] = useState(initial);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  function start(event: FormEvent, busy: boolean): string | null {
    event.preventDefault();
    if (busy) return null;
    setFormError(null);
    const parsed = schema.safeParse(value);
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? fallback);
      inputRef.current?.focus();
      return null;
    }
    setFieldError(null);
    return parsed.data;
  }

  return { value, setValue, fieldError, setFieldError, formError, setFormError, inputRef, start };
}

type StepFieldProps = Omit<ComponentProps<typeof Input>, "id" | "name" | "value" | "onChange" | "invalid" | "ref"> & {
  id: string;
  label: string;
  field: ReturnType<typeof useStepField>;
  /** What typing may put in the value (the code step keeps digits only). */
  clean?: (raw: string) => string;
};

/** The step's labelled input (its name is its id); typing clears the error under it. */
export function StepField({ id, label, field, clean = (raw) => raw, ...props }: StepFieldProps) {
  const { value, setValue, fieldError, setFieldError, inputRef } = field;
  return (
    <Field id={id} label={label} error={fieldError}>
      <Input
        ref={inputRef}
        id={id}
        name={id}
        value={value}
        invalid={Boolean(fieldError)}
        aria-describedby={describedBy(id, fieldError)}
        onChange={(event) => {
          setValue(clean(event.target.value));
          if (fieldError) setFieldError(null);
        }}
        {...props}
      />
    </Field>
  );
}

type StepFormProps = { title: string; intro: ReactNode; formError: string | null; onSubmit(event: FormEvent<HTMLFormElement>): void; children: ReactNode };

/** A sign-in step's form: its heading, the line under it, the step's form-level error, then its field and buttons. */
export function StepForm({ title, intro, formError, onSubmit, children }: StepFormProps) {
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-6">
      <div className="space-y-2">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
        <p className="text-sm text-slate-600">{intro}</p>
      </div>

      {formError && <ErrorAlert>{formError}</ErrorAlert>}

      {children}
    </form>
  );
}
