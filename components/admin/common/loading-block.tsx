import { Spinner } from "@/components/ui/spinner";

/** A centred spinner with a visible label, for a card or list that is loading. */
export function LoadingBlock({ label = "Loading..." }: { label?: string }) {
  return (
    <div className="flex flex-col items-center justify-center gap-3 rounded-xl border border-slate-200 bg-white px-6 py-14 text-sm text-slate-500">
      <Spinner label={label} className="[&_svg]:size-6" />
      <span aria-hidden="true">{label}</span>
    </div>
  );
}
