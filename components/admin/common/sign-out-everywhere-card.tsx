"use client";

import { useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { CardHeader } from "@/components/admin/common/form-card";
import { LogOutIcon } from "@/components/ui/icons";

/**
 * "Sign out everywhere" for one's own account (Profile Settings) or a member's (User Details): the text
 * says whose sessions end; `onConfirm` calls the server and reports the outcome.
 */
export function SignOutEverywhereCard({ description, onConfirm }: { description: ReactNode; onConfirm(): Promise<void> }) {
  const [pending, setPending] = useState(false);

  async function run() {
    setPending(true);
    try {
      await onConfirm();
    } finally {
      setPending(false);
    }
  }

  return (
    <Card>
      <CardHeader title="Sessions" description="Every browser and device signed in to this account." />
      <div className="space-y-4 px-5 py-5 sm:px-6">
        <p className="text-sm text-slate-600">{description}</p>
        <Button variant="secondary" pending={pending} pendingText="Signing out..." onClick={run}>
          <LogOutIcon className="size-4 text-red-600" />
          Sign out everywhere
        </Button>
      </div>
    </Card>
  );
}
