"use client";

import useSWR, { useSWRConfig } from "swr";
import { api } from "@/lib/api/client";
import type { ApiUser, UsersListResponse } from "@/lib/schemas/users";

// Users for the admin screens: the super admin's everyone list (GET /api/auth/users), the company's
// (GET /api/users/company-users) — both paged by the server — and one user (GET /api/users/{id}).

export type UsersScope = "all" | "company";

export function usersKey(scope: UsersScope, page: number): string {
  return `${scope === "all" ? "/api/auth/users" : "/api/users/company-users"}?page=${page}`;
}

export function userKey(id: string): string {
  return `/api/users/${encodeURIComponent(id)}`;
}

/** Every cached user list and user (PRODUCT §7 After successes: the company-users query is refreshed). */
export function isUsersKey(key: unknown): boolean {
  return typeof key === "string" && (key.startsWith("/api/auth/users") || key.startsWith("/api/users"));
}

export function useAdminUsers(scope: UsersScope, page: number) {
  return useSWR<UsersListResponse>(usersKey(scope, page), (url: string) => api<UsersListResponse>(url), { keepPreviousData: true });
}

export function useAdminUser(id: string | null) {
  return useSWR<ApiUser>(id ? userKey(id) : null, (url: string) => api<ApiUser>(url));
}

/** Revalidates every user list and user on screen or in the cache. */
export function useRefreshUsers() {
  const { mutate } = useSWRConfig();
  return () => mutate(isUsersKey);
}
