import { DEFAULT_LABEL_COLOR, LABEL_COLORS, type LabelColor } from "@/lib/schemas/labels";

// Tailwind classes for the 18 label colours of PRODUCT §3, written out in full so Tailwind's scanner sees them.

export type LabelColorClasses = { chip: string; swatch: string };

export const LABEL_COLOR_CLASSES: Record<LabelColor, LabelColorClasses> = {
  gray: { chip: "bg-gray-100 text-gray-800 ring-gray-200", swatch: "bg-gray-500" },
  purple: { chip: "bg-purple-100 text-purple-800 ring-purple-200", swatch: "bg-purple-500" },
  red: { chip: "bg-red-100 text-red-800 ring-red-200", swatch: "bg-red-500" },
  blue: { chip: "bg-blue-100 text-blue-800 ring-blue-200", swatch: "bg-blue-500" },
  orange: { chip: "bg-orange-100 text-orange-800 ring-orange-200", swatch: "bg-orange-500" },
  green: { chip: "bg-green-100 text-green-800 ring-green-200", swatch: "bg-green-500" },
  yellow: { chip: "bg-yellow-100 text-yellow-800 ring-yellow-200", swatch: "bg-yellow-500" },
  pink: { chip: "bg-pink-100 text-pink-800 ring-pink-200", swatch: "bg-pink-500" },
  indigo: { chip: "bg-indigo-100 text-indigo-800 ring-indigo-200", swatch: "bg-indigo-500" },
  teal: { chip: "bg-teal-100 text-teal-800 ring-teal-200", swatch: "bg-teal-500" },
  cyan: { chip: "bg-cyan-100 text-cyan-800 ring-cyan-200", swatch: "bg-cyan-500" },
  lime: { chip: "bg-lime-100 text-lime-800 ring-lime-200", swatch: "bg-lime-500" },
  emerald: { chip: "bg-emerald-100 text-emerald-800 ring-emerald-200", swatch: "bg-emerald-500" },
  rose: { chip: "bg-rose-100 text-rose-800 ring-rose-200", swatch: "bg-rose-500" },
  violet: { chip: "bg-violet-100 text-violet-800 ring-violet-200", swatch: "bg-violet-500" },
  amber: { chip: "bg-amber-100 text-amber-800 ring-amber-200", swatch: "bg-amber-500" },
  slate: { chip: "bg-slate-100 text-slate-800 ring-slate-200", swatch: "bg-slate-500" },
  stone: { chip: "bg-stone-100 text-stone-800 ring-stone-200", swatch: "bg-stone-500" },
};

function isLabelColor(value: string): value is LabelColor {
  return (LABEL_COLORS as readonly string[]).includes(value);
}

/** The classes for a colour name; an unknown one (old data) falls back to the default blue. */
export function labelColorClasses(color: string | null | undefined): LabelColorClasses {
  const key = (color ?? "").toLowerCase();
  return LABEL_COLOR_CLASSES[isLabelColor(key) ? key : DEFAULT_LABEL_COLOR];
}
