"use client";

import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/admin/common/select";
import { Options } from "@/components/admin/common/admin-options";
import { AUDIT_ACTIONS, AUDIT_AREAS, type AuditActorOption } from "@/lib/contract/audit-api";
import { areaLabel, actionLabel } from "@/lib/audit/describe";
import { SWITCHBOARD_ACTOR } from "@/lib/schemas/audit";
import type { AuditFilters } from "@/lib/hooks/use-audit-log";

/** What, Who, From and To: a grid of labelled controls, two across on a phone, four on a wide screen. */
export function AuditFilterBar({ value, actors, onChange }: { value: AuditFilters; actors: AuditActorOption[]; onChange(next: AuditFilters): void }) {
  const set = (patch: Partial<AuditFilters>) => onChange({ ...value, ...patch });
  return (
    <div className="mb-4 grid grid-cols-2 gap-3 lg:grid-cols-4" role="search" aria-label="Filter the audit log">
      <Field id="audit-action" label="What">
        <Select id="audit-action" value={value.action} onChange={(e) => set({ action: e.target.value })}>
          <option value="">Everything</option>
          {AUDIT_AREAS.map((area) => (
            <optgroup key={area} label={areaLabel(area)}>
              <option value={`${area}.`}>All of {areaLabel(area).toLowerCase()}</option>
              {AUDIT_ACTIONS.filter((a) => a.startsWith(`${area}.`)).map((action) => (
                <option key={action} value={action}>
                  {actionLabel(action)}
                </option>
              ))}
            </optgroup>
          ))}
        </Select>
      </Field>
      <Field id="audit-actor" label="Who">
        <Select id="audit-actor" value={value.actor} onChange={(e) => set({ actor: e.target.value })}>
          <option value="">Anyone</option>
          <option value={SWITCHBOARD_ACTOR}>Switchboard (rules)</option>
          <Options items={actors} value={(a) => a.id} label={(a) => a.name} />
        </Select>
      </Field>
      <Field id="audit-from" label="From">
        <Input id="audit-from" type="date" value={value.from} max={value.to || undefined} onChange={(e) => set({ from: e.target.value })} />
      </Field>
      <Field id="audit-to" label="To">
        <Input id="audit-to" type="date" value={value.to} min={value.from || undefined} onChange={(e) => set({ to: e.target.value })} />
      </Field>
    </div>
  );
}
