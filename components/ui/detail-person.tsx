import { Avatar } from "@/components/ui/avatar";

// Who the details are about: the large avatar, the name and the e-mail under it. The profile card and the
// user view dialog open their facts with it; the card rules it off as a header, the dialog sets it tighter.

const LOOKS = {
  card: { box: "flex items-center gap-4 border-b border-slate-100 px-5 py-5 sm:px-6", name: "truncate text-lg font-semibold text-slate-900" },
  dialog: { box: "flex items-center gap-3", name: "truncate text-base font-semibold text-slate-900" },
} as const;

export function DetailPerson({ look, name, email }: { look: keyof typeof LOOKS; name: string; email: string }) {
  const { box, name: nameClass } = LOOKS[look];
  return (
    <div className={box}>
      <Avatar name={name} size="lg" />
      <div className="min-w-0">
        <p className={nameClass}>{name}</p>
        <p className="truncate text-sm text-slate-500">{email}</p>
      </div>
    </div>
  );
}
