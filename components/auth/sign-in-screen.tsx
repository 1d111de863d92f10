import type { ReactNode } from "react";
import { Logo } from "@/components/ui/logo";
import { LinkIcon, MessageIcon, UsersIcon } from "@/components/ui/icons";
import { InboxPreview } from "@/components/auth/inbox-preview";

export const TAGLINE = "The team inbox for your Facebook Pages";

const FEATURES = [
  { icon: MessageIcon, text: "Every Messenger conversation from every Page, in one shared inbox." },
  { icon: UsersIcon, text: "Labels, notes and saved replies so your whole team answers as one." },
  { icon: LinkIcon, text: "An approved-links whitelist that keeps unsafe URLs out of your chats." },
];

/** The sign-in layout: a brand panel on large screens, the form on the right (or alone on small screens). */
export function SignInScreen({ children }: { children: ReactNode }) {
  return (
    <div className="grid min-h-dvh bg-white lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
      <aside className="relative hidden overflow-hidden bg-gradient-to-br from-indigo-600 via-indigo-700 to-violet-800 p-12 text-white lg:flex lg:flex-col lg:justify-between">
        <div aria-hidden="true" className="pointer-events-none absolute -top-24 -right-24 size-96 rounded-full bg-violet-400/30 blur-3xl" />
        <div aria-hidden="true" className="pointer-events-none absolute -bottom-32 -left-16 size-96 rounded-full bg-indigo-400/30 blur-3xl" />

        <Logo tone="light" className="relative" />

        <div className="relative max-w-lg space-y-8">
          <div className="space-y-4">
            <p className="text-4xl leading-tight font-semibold tracking-tight text-balance">{TAGLINE}</p>
            <ul className="space-y-3">
              {FEATURES.map(({ icon: Icon, text }) => (
                <li key={text} className="flex items-start gap-3 text-indigo-100">
                  <span className="mt-0.5 flex size-7 shrink-0 items-center justify-center rounded-lg bg-white/10 ring-1 ring-white/15">
                    <Icon className="size-4" />
                  </span>
                  <span>{text}</span>
                </li>
              ))}
            </ul>
          </div>
          <InboxPreview />
        </div>

        <p className="relative text-sm text-indigo-200">© {new Date().getFullYear()} Switchboard</p>
      </aside>

      <main className="flex min-w-0 items-center justify-center px-5 py-10 sm:px-8">
        <div className="w-full max-w-sm">
          <div className="mb-10 flex flex-col items-center gap-3 text-center lg:hidden">
            <Logo />
            <p className="text-sm text-slate-500">{TAGLINE}</p>
          </div>
          {children}
          <p className="mt-10 text-center text-xs text-slate-400">
            Protected sign-in. Codes expire after a few minutes and work only once.
          </p>
        </div>
      </main>
    </div>
  );
}
