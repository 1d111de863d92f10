import type { Metadata } from "next";
import Link from "next/link";
import { buttonClasses } from "@/components/ui/button";
import { ArrowLeftIcon, CompassIcon } from "@/components/ui/icons";
import { Logo } from "@/components/ui/logo";

export const metadata: Metadata = { title: "Page not found" };

export default function NotFound() {
  return (
    <div className="flex min-h-dvh flex-col px-5 py-8">
      <Logo className="mx-auto sm:mx-0" />
      <main className="flex flex-1 items-center justify-center py-12">
        <div className="max-w-md text-center">
          <span className="mx-auto flex size-14 items-center justify-center rounded-2xl bg-indigo-50 text-indigo-600">
            <CompassIcon className="size-7" />
          </span>
          <p className="mt-6 text-sm font-semibold text-indigo-600">404</p>
          <h1 className="mt-2 text-3xl font-semibold tracking-tight text-slate-900">Page not found</h1>
          <p className="mt-3 text-slate-600">The page you&apos;re looking for doesn&apos;t exist or has moved.</p>
          <Link href="/" className={buttonClasses({ className: "mt-8" })}>
            <ArrowLeftIcon className="size-4" />
            Back to Switchboard
          </Link>
        </div>
      </main>
    </div>
  );
}
