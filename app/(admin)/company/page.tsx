import { redirect } from "next/navigation";

// /company — the dashboard is the index of the company area (PRODUCT §2).
export default function CompanyIndexPage() {
  redirect("/company/dashboard");
}
