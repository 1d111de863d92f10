import type { ButtonHTMLAttributes, Ref } from "react";
import { cn } from "@/lib/cn";
import { SpinnerIcon } from "@/components/ui/spinner";

export type ButtonVariant = "primary" | "secondary" | "ghost" | "ghost-danger" | "danger" | "link" | "link-muted";
export type ButtonSize = "sm" | "md" | "lg" | "icon";

const VARIANTS: Record<ButtonVariant, string> = {
  primary:
    "bg-indigo-600 text-white shadow-sm hover:bg-indigo-500 active:bg-indigo-700 focus-visible:outline-indigo-600",
  secondary:
    "bg-white text-slate-700 shadow-sm ring-1 ring-inset ring-slate-300 hover:bg-slate-50 focus-visible:outline-indigo-600",
  ghost: "text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-indigo-600",
  "ghost-danger": "text-red-600 hover:bg-red-50 hover:text-red-700 focus-visible:outline-red-600",
  danger: "bg-red-600 text-white shadow-sm hover:bg-red-500 focus-visible:outline-red-600",
  link: "text-indigo-600 hover:text-indigo-500 hover:underline underline-offset-4 focus-visible:outline-indigo-600",
  "link-muted": "text-slate-600 hover:text-slate-900 focus-visible:outline-indigo-600",
};

const SIZES: Record<ButtonSize, string> = {
  sm: "h-8 gap-1.5 rounded-md px-3 text-sm",
  md: "h-10 gap-2 rounded-lg px-4 text-sm",
  lg: "h-11 gap-2 rounded-lg px-5 text-base",
  icon: "size-10 rounded-lg",
};

/** Classes for anything that should look like a button (e.g. a next/link). */
export function buttonClasses({
  variant = "primary",
  size = "md",
  className,
}: { variant?: ButtonVariant; size?: ButtonSize; className?: string } = {}): string {
  return cn(
    "inline-flex shrink-0 items-center justify-center font-semibold whitespace-nowrap transition-colors",
    "focus-visible:outline-2 focus-visible:outline-offset-2 disabled:pointer-events-none disabled:opacity-60",
    variant === "link" || variant === "link-muted" ? "gap-1.5 rounded-sm" : SIZES[size],
    VARIANTS[variant],
    className,
  );
}

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner, disables the button and marks it busy. */
  pending?: boolean;
  pendingText?: string;
  ref?: Ref<HTMLButtonElement>;
};

export function Button({
  variant,
  size,
  pending = false,
  pendingText,
  className,
  disabled,
  type = "button",
  children,
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      disabled={disabled || pending}
      aria-busy={pending || undefined}
      className={buttonClasses({ variant, size, className })}
      {...props}
    >
      {pending && <SpinnerIcon />}
      {pending && pendingText ? pendingText : children}
    </button>
  );
}
