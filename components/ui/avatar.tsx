import { cn } from "@/lib/cn";

export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0]?.[0], parts[parts.length - 1]?.[0]] : [parts[0]?.[0]];
  return letters.join("").toUpperCase() || "?";
}

const SIZES = { sm: "size-8 text-xs", md: "size-9 text-sm", lg: "size-14 text-lg" } as const;

/** Initials on a soft circle; decorative (the name is shown beside it). */
export function Avatar({ name, size = "sm", className }: { name: string; size?: keyof typeof SIZES; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        "inline-flex shrink-0 items-center justify-center rounded-full bg-indigo-100 font-semibold text-indigo-700",
        SIZES[size],
        className,
      )}
    >
      {initials(name)}
    </span>
  );
}
