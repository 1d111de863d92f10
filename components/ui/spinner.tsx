import { cn } from "@/lib/cn";

/** The spinning ring alone, hidden from assistive tech (use inside buttons). */
export function SpinnerIcon({ className = "size-4" }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" fill="none" aria-hidden="true" className={cn("animate-spin", className)}>
      <circle cx="12" cy="12" r="9" stroke="currentColor" strokeWidth="3" className="opacity-20" />
      <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

/** A loading indicator announced as a status ("Loading" unless a label is given). */
export function Spinner({ label = "Loading", className }: { label?: string; className?: string }) {
  return (
    <span role="status" aria-label={label} className={cn("inline-flex text-indigo-600", className)}>
      <SpinnerIcon className="size-8" />
    </span>
  );
}

/** A spinner centred in the viewport, for guards and route loading. */
export function PageSpinner() {
  return (
    <div className="flex min-h-dvh items-center justify-center p-6">
      <Spinner />
    </div>
  );
}
