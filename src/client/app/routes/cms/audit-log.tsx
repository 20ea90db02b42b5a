import { Filter, ScrollText, X } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { LoadMoreButton } from "@/components/load-more-button";
import { Button } from "@/components/ui/button";
import { Input, Label } from "@/components/ui/input";
import { NO_AUDIT_FILTERS, useAuditLog, type AuditFilters } from "@/features/cms/audit/api/get-audit-log";
import { AuditTable } from "@/features/cms/audit/components/audit-table";
import { CmsPageHeader } from "@/features/cms/shared/components/cms-page-header";
import { LoadError } from "@/features/cms/shared/components/list-screen";

/** The form's fields: as typed (the date as the date input gives it, a calendar day). */
type Draft = { action: string; actorId: string; targetKind: string; fromDay: string };
const EMPTY_DRAFT: Draft = { action: "", actorId: "", targetKind: "", fromDay: "" };

/** The start of a calendar day ("2026-11-01") in the browser's time zone, as the ISO date-time the API takes. */
export function startOfDay(day: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return m ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])).toISOString() : "";
}

function toFilters(d: Draft): AuditFilters {
  return {
    action: d.action.trim(),
    actorId: d.actorId.trim(),
    targetKind: d.targetKind.trim(),
    from: startOfDay(d.fromDay),
  };
}

/**
 * /cms/audit-log (D99, admins only): every admin and moderator action, sign-ins (failed and successful) and
 * refused admin requests, newest first, 50 at a time. Filters: an action (or a family: a prefix ending in "."), the actor's id, the target's
 * kind and a first day.
 */
export function CmsAuditLogScreen() {
  const uid = useId();
  const [draft, setDraft] = useState<Draft>(EMPTY_DRAFT);
  const [filters, setFilters] = useState<AuditFilters>(NO_AUDIT_FILTERS);
  const log = useAuditLog(filters);
  const entries = log.data?.pages.flatMap((p) => p.items);
  const filtered = Object.values(filters).some(Boolean);
  const set = (key: keyof Draft) => (e: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [key]: e.target.value }));

  function apply(e: FormEvent) {
    e.preventDefault();
    setFilters(toFilters(draft));
  }

  function clear() {
    setDraft(EMPTY_DRAFT);
    setFilters(NO_AUDIT_FILTERS);
  }

  return (
    <>
      <CmsPageHeader
        title="Audit log"
        description="Who did what, and when: every admin and moderator action, every sign-in (failed or not) and refused requests."
        icon={<ScrollText />}
      />
      <form
        onSubmit={apply}
        aria-label="Filter the audit log"
        className="grid gap-3 rounded-xl border bg-card p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-[1fr_9rem_1fr_11rem_auto]"
      >
        <div className="grid gap-1.5">
          <Label htmlFor={`${uid}-action`}>Action</Label>
          <Input
            id={`${uid}-action`}
            value={draft.action}
            onChange={set("action")}
            placeholder="e.g. user. or report.action"
            maxLength={60}
            aria-describedby={`${uid}-action-hint`}
          />
          <p id={`${uid}-action-hint`} className="sr-only">
            An exact action, or a prefix ending in a dot for a whole family
          </p>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${uid}-actor`}>Actor id</Label>
          <Input
            id={`${uid}-actor`}
            inputMode="numeric"
            value={draft.actorId}
            onChange={(e) => setDraft((d) => ({ ...d, actorId: e.target.value.replace(/\D/g, "").slice(0, 10) }))}
            placeholder="Any"
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${uid}-target`}>Target kind</Label>
          <Input
            id={`${uid}-target`}
            value={draft.targetKind}
            onChange={set("targetKind")}
            placeholder="e.g. user, game, report"
            maxLength={40}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${uid}-from`}>From</Label>
          <Input id={`${uid}-from`} type="date" value={draft.fromDay} onChange={set("fromDay")} />
        </div>
        <div className="flex items-end gap-2 sm:col-span-2 lg:col-span-1">
          <Button type="submit" variant="gradient">
            <Filter aria-hidden="true" />
            Apply
          </Button>
          <Button type="button" variant="outline" onClick={clear} disabled={!filtered && draft === EMPTY_DRAFT}>
            <X aria-hidden="true" />
            Clear
          </Button>
        </div>
      </form>
      <LoadError what="the audit log" query={log} />
      <AuditTable
        entries={entries}
        loading={log.isPending}
        empty={filtered ? "No entries match these filters." : "Nothing has been logged yet."}
      />
      <LoadMoreButton query={log}>Load more</LoadMoreButton>
    </>
  );
}
