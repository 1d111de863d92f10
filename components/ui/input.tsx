import type { InputHTMLAttributes, Ref, TextareaHTMLAttributes } from "react";
import { cn } from "@/lib/cn";

const FIELD =
  "block w-full min-w-0 rounded-lg border bg-white px-3.5 text-slate-900 shadow-xs transition-colors " +
  "placeholder:text-slate-400 focus:outline-none focus:ring-4 disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-500";

function stateClasses(invalid?: boolean) {
  return invalid
    ? "border-red-400 focus:border-red-500 focus:ring-red-500/15"
    : "border-slate-300 focus:border-indigo-500 focus:ring-indigo-500/15";
}

const INPUT_SIZES = {
  md: "h-11 text-base sm:text-sm",
  // The one-time code: large, spaced digits.
  code: "h-14 text-center indent-[0.5em] font-mono text-2xl tracking-[0.5em] placeholder:text-slate-300",
} as const;

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, "size"> & {
  invalid?: boolean;
  size?: keyof typeof INPUT_SIZES;
  ref?: Ref<HTMLInputElement>;
};

export function Input({ invalid, size = "md", className, ...props }: InputProps) {
  return (
    <input
      aria-invalid={invalid || undefined}
      className={cn(FIELD, INPUT_SIZES[size], stateClasses(invalid), className)}
      {...props}
    />
  );
}

type TextareaProps = TextareaHTMLAttributes<HTMLTextAreaElement> & {
  invalid?: boolean;
  ref?: Ref<HTMLTextAreaElement>;
};

export function Textarea({ invalid, className, ...props }: TextareaProps) {
  return (
    <textarea
      aria-invalid={invalid || undefined}
      className={cn(FIELD, "py-2.5 text-base sm:text-sm", stateClasses(invalid), className)}
      {...props}
    />
  );
}
