import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { connection } from "next/server";
import "@fontsource-variable/inter";
import "./globals.css";
import { AuthProvider } from "@/components/auth/auth-provider";
import { NavigationTracker } from "@/components/layout/navigation-tracker";
import { AppToaster } from "@/components/layout/app-toaster";

export const metadata: Metadata = {
  title: { default: "Switchboard", template: "%s · Switchboard" },
  description: "The team inbox for your Facebook Pages",
};

export const viewport: Viewport = {
  width: "device-width",
  initialScale: 1,
  themeColor: "#4f46e5",
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Every screen renders per request: its scripts carry the nonce of that response's Content-Security-Policy
  // (server/http/security-headers.ts); a prerendered page would have scripts without one.
  await connection();
  return (
    <html lang="en">
      <body>
        <AuthProvider>
          <NavigationTracker />
          {children}
        </AuthProvider>
        <AppToaster />
      </body>
    </html>
  );
}
