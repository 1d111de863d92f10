import { cn } from "@/lib/cn";
import { CHANNEL_LABELS, CHANNELS, type Channel } from "@/lib/inbox/channels";

type Props = { channel: Channel | undefined; onChannel: (channel: Channel | undefined) => void };

/** Both channels of the Page, or one (beyond the spec); shown only on a Page answered on Instagram too. */
export function ChannelFilter({ channel, onChannel }: Props) {
  const base = "h-7 flex-1 rounded-md px-2 text-xs font-medium transition-colors focus-visible:outline-2 focus-visible:outline-indigo-600";
  const options: { value: Channel | undefined; label: string }[] = [{ value: undefined, label: "All channels" }, ...CHANNELS.map((c) => ({ value: c, label: CHANNEL_LABELS[c] }))];
  return (
    <div role="group" aria-label="Channel" className="flex gap-1 rounded-lg bg-slate-100 p-0.5">
      {options.map((o) => (
        <button key={o.label} type="button" aria-pressed={channel === o.value} onClick={() => onChannel(o.value)} className={cn(base, channel === o.value ? "bg-white text-slate-900 shadow-sm" : "text-slate-600 hover:text-slate-900")}>
          {o.label}
        </button>
      ))}
    </div>
  );
}
