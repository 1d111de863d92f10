import { Avatar } from "@/components/ui/avatar";

const ROWS = [
  { name: "Maya Chen", message: "Is the spring offer still on?", time: "2m", unread: 2 },
  { name: "Leo Garcia", message: "Thanks, that fixed it!", time: "14m", unread: 0 },
  { name: "Priya Nair", message: "Can I change my delivery date?", time: "1h", unread: 1 },
];

/** A decorative glimpse of the inbox for the sign-in brand panel. */
export function InboxPreview() {
  return (
    <div aria-hidden="true" className="rounded-2xl bg-white/10 p-2 shadow-2xl ring-1 ring-white/15 backdrop-blur-sm">
      <div className="rounded-xl bg-white p-2 text-slate-900">
        {ROWS.map((row) => (
          <div key={row.name} className="flex items-center gap-3 rounded-lg px-3 py-2.5 first:bg-indigo-50">
            <Avatar name={row.name} size="md" />
            <div className="min-w-0 flex-1">
              <div className="flex items-baseline justify-between gap-2">
                <span className="truncate text-sm font-semibold">{row.name}</span>
                <span className="text-xs text-slate-400">{row.time}</span>
              </div>
              <div className="flex items-center justify-between gap-2">
                <span className="truncate text-sm text-slate-500">{row.message}</span>
                {row.unread > 0 && (
                  <span className="flex size-5 shrink-0 items-center justify-center rounded-full bg-indigo-600 text-[11px] font-semibold text-white">
                    {row.unread}
                  </span>
                )}
              </div>
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}
