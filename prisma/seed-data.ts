// The demo organisation `npm run dev` and the e2e tests start from. Every account signs in by e-mail code.

export const DEMO_COMPANY = "Acme";

export const DEMO_USERS = {
  companyAdmin: { name: "Olivia Owner", email: "owner@acme.local", role: "company_admin" },
  admin: { name: "Adam Admin", email: "admin@acme.local", role: "admin" },
  staff: { name: "Sara Staff", email: "sara@acme.local", role: "staff" },
  staff2: { name: "Tom Staff", email: "tom@acme.local", role: "staff" },
} as const;

// Page ids are the simulator's; the tokens are what the simulator accepts. Each Page has an Instagram
// professional account linked to it in the simulator (its Direct messages are the Page's second channel).
export const DEMO_PAGES = [
  { name: "Acme Shoes", facebookPageId: "100000000000001", token: "SIMULATOR_PAGE_TOKEN_acme_shoes_0001", assignees: ["admin", "staff"], instagram: { id: "17841400000000001", username: "acme.shoes" } },
  { name: "Acme Outlet", facebookPageId: "100000000000002", token: "SIMULATOR_PAGE_TOKEN_acme_outlet_0002", assignees: ["admin", "staff2"], instagram: { id: "17841400000000002", username: "acme.outlet" } },
  { name: "Acme Support", facebookPageId: "100000000000003", token: "SIMULATOR_PAGE_TOKEN_acme_support_003", assignees: ["staff", "staff2"], instagram: { id: "17841400000000003", username: "acme.support" } },
] as const;
