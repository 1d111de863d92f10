"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import useSWR from "swr";
import { toast } from "@/lib/toast";
import { ErrorAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { api, errorMessage } from "@/lib/api/client";
import { useRefreshPages } from "@/lib/hooks/use-admin-pages";
import type { ConnectResult, PickerPage } from "@/lib/schemas/facebook-login";
import type { POST as StartFacebookLogin } from "@/app/api/pages/facebook/start/route";
import type { POST as ConnectPages } from "@/app/api/pages/facebook/connect/route";
import type { Answer } from "@/lib/contract/http";

/** "Connect with Facebook": sends the browser to Facebook's Login dialog (hidden without META_APP_ID). */
export function ConnectWithFacebook({ enabled, userId }: { enabled: boolean; userId?: string }) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!enabled) return null;

  async function start() {
    setPending(true);
    setError(null);
    try {
      const { url } = await api<Answer<typeof StartFacebookLogin>>("/api/pages/facebook/start", { method: "POST", body: { user_id: userId } });
      window.location.assign(url);
    } catch (e) {
      setError(errorMessage(e, "Could not start the Facebook login. Please try again."));
      setPending(false);
    }
  }

  return (
    <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 className="text-base font-semibold text-slate-900">Connect with Facebook</h2>
      <p className="mt-1 text-sm text-slate-600">Log in with Facebook and pick your Pages: their tokens are checked, and messages start arriving at once.</p>
      {error && <div className="mt-3"><ErrorAlert>{error}</ErrorAlert></div>}
      <Button className="mt-4 bg-[#1877f2] hover:bg-[#166fe5]" pending={pending} pendingText="Opening Facebook..." onClick={start}>
        Connect with Facebook
      </Button>
      <p className="mt-4 text-xs text-slate-500">Or enter a page ID and Page access token by hand below.</p>
    </section>
  );
}

/** The picker after Facebook Login: the person's Pages (connected ones marked); tokens stay on the server. */
export function FacebookPagePicker({ session, doneHref, cancelHref }: { session: string; doneHref: string; cancelHref: string }) {
  const router = useRouter();
  const refresh = useRefreshPages();
  const { data, error } = useSWR<{ pages: PickerPage[] }>(`/api/pages/facebook/session/${encodeURIComponent(session)}`, (url: string) => api(url), { revalidateOnFocus: false });
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const [pending, setPending] = useState(false);
  const [results, setResults] = useState<ConnectResult[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const toggle = (id: string) => setPicked((s) => (s.has(id) ? new Set([...s].filter((x) => x !== id)) : new Set([...s, id])));

  async function connect() {
    setPending(true);
    setFailure(null);
    try {
      const res = await api<Answer<typeof ConnectPages>>("/api/pages/facebook/connect", { method: "POST", body: { session, pageIds: [...picked] } });
      setResults(res.results);
      await refresh();
      if (res.results.every((r) => r.ok)) {
        toast.success(res.message);
        router.push(doneHref);
      }
    } catch (e) {
      setFailure(errorMessage(e, "Connecting the pages failed. Please try again."));
    } finally {
      setPending(false);
    }
  }

  return (
    <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm" aria-label="Choose Facebook Pages">
      <h2 className="text-base font-semibold text-slate-900">Choose the Pages to connect</h2>
      {error ? (
        <div className="mt-3"><ErrorAlert>{errorMessage(error, "This Facebook login has expired. Please connect with Facebook again.")}</ErrorAlert></div>
      ) : !data ? (
        <p className="mt-3 text-sm text-slate-500">Loading your Pages...</p>
      ) : data.pages.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">Facebook lists no Pages you manage.</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100">
          {data.pages.map((page) => {
            const result = results?.find((r) => r.page_id === page.id);
            return (
              <li key={page.id} className="flex items-center gap-3 py-2.5">
                <input
                  id={`pick-${page.id}`}
                  type="checkbox"
                  className="size-4"
                  disabled={page.connected || pending || result?.ok}
                  checked={picked.has(page.id) && !page.connected}
                  onChange={() => toggle(page.id)}
                />
                <label htmlFor={`pick-${page.id}`} className="min-w-0 flex-1">
                  <span className="block truncate font-medium text-slate-900">{page.name}</span>
                  <span className="block text-xs text-slate-500">ID {page.id}</span>
                </label>
                {page.connected && <span className="text-xs whitespace-nowrap text-slate-500">{page.ours ? "Already connected" : "Connected elsewhere"}</span>}
                {result && <span className={result.ok ? "text-xs text-emerald-700" : "text-xs text-red-700"}>{result.ok ? "Connected" : result.error}</span>}
              </li>
            );
          })}
        </ul>
      )}
      {failure && <div className="mt-3"><ErrorAlert>{failure}</ErrorAlert></div>}
      <div className="mt-4 flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={() => router.push(cancelHref)}>
          Cancel
        </Button>
        <Button disabled={picked.size === 0 || !!results} pending={pending} pendingText="Connecting..." onClick={connect}>
          {`Connect ${picked.size} ${picked.size === 1 ? "page" : "pages"}`}
        </Button>
      </div>
    </section>
  );
}
