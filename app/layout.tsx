import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { Toaster } from "sonner";
import "@fontsource-variable/inter";
import "./globals.css";
import { AuthProvider } from "@/components/auth/auth-provider";
import { NavigationTracker } from "@/components/layout/navigation-tracker";

export const metadata: Metadata = {
  title: { default: "Switchboard", template: "%s · Switchboard" },
  description: "The team inbox for your Facebook Pages",
};

export const viewport: Viewport = {
  width: "device-width",
  initialScale: 1,
  themeColor: "#4f46e5",
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <AuthProvider>
          <NavigationTracker />
          {children}
        </AuthProvider>
        <Toaster position="top-right" richColors closeButton />
      </body>
    </html>
  );
}
