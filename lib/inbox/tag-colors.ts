// Chip classes for the 18 label colours of PRODUCT §3, for the list rows and the tag filter. Kept here (not
// imported from the label schemas) so the first load of /chats does not pull in zod; unknown colours fall
// back to the default blue. Written out in full so Tailwind's scanner sees them.

const CHIP: Record<string, string> = {
  gray: "bg-gray-100 text-gray-800 ring-gray-200",
  purple: "bg-purple-100 text-purple-800 ring-purple-200",
  red: "bg-red-100 text-red-800 ring-red-200",
  blue: "bg-blue-100 text-blue-800 ring-blue-200",
  orange: "bg-orange-100 text-orange-800 ring-orange-200",
  green: "bg-green-100 text-green-800 ring-green-200",
  yellow: "bg-yellow-100 text-yellow-800 ring-yellow-200",
  pink: "bg-pink-100 text-pink-800 ring-pink-200",
  indigo: "bg-indigo-100 text-indigo-800 ring-indigo-200",
  teal: "bg-teal-100 text-teal-800 ring-teal-200",
  cyan: "bg-cyan-100 text-cyan-800 ring-cyan-200",
  lime: "bg-lime-100 text-lime-800 ring-lime-200",
  emerald: "bg-emerald-100 text-emerald-800 ring-emerald-200",
  rose: "bg-rose-100 text-rose-800 ring-rose-200",
  violet: "bg-violet-100 text-violet-800 ring-violet-200",
  amber: "bg-amber-100 text-amber-800 ring-amber-200",
  slate: "bg-slate-100 text-slate-800 ring-slate-200",
  stone: "bg-stone-100 text-stone-800 ring-stone-200",
};

const SWATCH: Record<string, string> = {
  gray: "bg-gray-500", purple: "bg-purple-500", red: "bg-red-500", blue: "bg-blue-500", orange: "bg-orange-500", green: "bg-green-500",
  yellow: "bg-yellow-500", pink: "bg-pink-500", indigo: "bg-indigo-500", teal: "bg-teal-500", cyan: "bg-cyan-500", lime: "bg-lime-500",
  emerald: "bg-emerald-500", rose: "bg-rose-500", violet: "bg-violet-500", amber: "bg-amber-500", slate: "bg-slate-500", stone: "bg-stone-500",
};

export function tagChipClasses(color: string | null | undefined): string {
  return CHIP[(color ?? "").toLowerCase()] ?? CHIP.blue!;
}

export function tagSwatchClass(color: string | null | undefined): string {
  return SWATCH[(color ?? "").toLowerCase()] ?? SWATCH.blue!;
}
