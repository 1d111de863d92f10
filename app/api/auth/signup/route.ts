// POST /api/auth/signup — the spec's name for POST /api/users (create a user; not a public sign-up)
export { POST } from "@/app/api/users/route";
