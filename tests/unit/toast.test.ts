import { describe, expect, it, vi } from "vitest";

// lib/toast.ts: sonner's calls, with sonner loaded on the first toast and the Toaster asked for then.
const calls: string[] = [];
vi.mock("sonner", () => {
  const record = (kind: string) => (message: unknown, data?: { description?: string }) => void calls.push(`${kind}:${String(message)}:${data?.description ?? ""}`);
  return { toast: Object.assign(record("default"), { success: record("success"), error: record("error"), info: record("info") }) };
});

describe("toast", () => {
  it("loads sonner on the first toast, asks for the Toaster once, and raises the toasts in order", async () => {
    const { toast, toastsWanted, subscribeToastsWanted, loadToasts } = await import("@/lib/toast");
    const wanted = vi.fn();
    const unsubscribe = subscribeToastsWanted(wanted);
    expect(toastsWanted()).toBe(false);

    toast.error("Failed to send", { description: "offline" });
    toast.success("Saved");
    toast("New message from Ann");
    toast.info("Note");
    expect(toastsWanted()).toBe(true);
    expect(wanted).toHaveBeenCalledTimes(1);

    await loadToasts();
    expect(calls).toEqual(["error:Failed to send:offline", "success:Saved:", "default:New message from Ann:", "info:Note:"]);
    unsubscribe();
  });
});
