import type { InputHTMLAttributes, ReactNode } from "react";
import { describedBy, Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, "size" | "onChange"> & {
  id: string;
  label: ReactNode;
  error?: string | null;
  hint?: ReactNode;
  onValue(value: string): void;
};

/** A labelled input with its hint or error linked for assistive tech. */
export function TextField({ id, label, error, hint, onValue, ...props }: TextFieldProps) {
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <Input id={id} invalid={!!error} aria-describedby={describedBy(id, error, hint)} onChange={(e) => onValue(e.target.value)} {...props} />
    </Field>
  );
}
