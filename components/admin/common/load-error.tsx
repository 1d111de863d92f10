import { Button } from "@/components/ui/button";
import { RefreshIcon, ShieldAlertIcon } from "@/components/ui/icons";

/** A failed load with a Retry button ('Error Loading Users' / 'Failed to load users. Please try again.'). */
export function LoadError({ title, message, onRetry, retrying = false }: { title: string; message: string; onRetry(): void; retrying?: boolean }) {
  return (
    <div role="alert" className="flex flex-col items-center rounded-xl border border-red-200 bg-red-50/60 px-6 py-10 text-center">
      <span className="flex size-11 items-center justify-center rounded-full bg-red-100 text-red-600">
        <ShieldAlertIcon className="size-5" />
      </span>
      <h2 className="mt-3 text-base font-semibold text-slate-900">{title}</h2>
      <p className="mt-1 text-sm text-slate-600">{message}</p>
      <Button variant="secondary" className="mt-5" onClick={onRetry} pending={retrying} pendingText="Retrying...">
        <RefreshIcon className="size-4" />
        Retry
      </Button>
    </div>
  );
}
