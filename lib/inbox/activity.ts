import { ACTIVE_NOW_MS } from "@/lib/inbox/constants";

/** PRODUCT §2 thread header: 'Active now' when the customer wrote in the last 5 minutes, else the fixed text. */
export function activityLabel(lastCustomerMessageAt: number | null, now: number = Date.now()): string {
  return lastCustomerMessageAt !== null && now - lastCustomerMessageAt < ACTIVE_NOW_MS ? "Active now" : "Active 2h ago";
}
