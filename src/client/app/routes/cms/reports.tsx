import { Flag, Inbox } from "lucide-react";
import { useState } from "react";
import { useSearch } from "wouter";
import { EmptyState } from "@/components/empty-state";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { toast } from "@/components/ui/use-toast";
import { useBrokenGames } from "@/features/cms/reports/api/broken-games";
import { useReports, type ReportStatusTab } from "@/features/cms/reports/api/get-reports";
import { useHeldScores } from "@/features/cms/reports/api/held-scores";
import { useReportAction } from "@/features/cms/reports/api/report-action";
import { BrokenGameList } from "@/features/cms/reports/components/broken-game-list";
import { HeldScoreList } from "@/features/cms/reports/components/held-score-list";
import { ReportGroupCard, ReportGroupSkeletons } from "@/features/cms/reports/components/report-group-card";
import { actionConfirm, actionDoneText } from "@/features/cms/reports/components/report-texts";
import { useAdminUser } from "@/features/cms/shared/api/get-admin-user";
import { CmsPageHeader } from "@/features/cms/shared/components/cms-page-header";
import { ConfirmDialog } from "@/features/cms/shared/components/confirm-dialog";
import { LoadError } from "@/features/cms/shared/components/list-screen";
import { errorMessage } from "@/lib/api-client";
import { formatNumber } from "@/lib/format";
import {
  actionsFor,
  REPORT_KIND_LABELS,
  REPORT_KINDS,
  type ReportAction,
  type ReportGroup,
  type ReportKind,
} from "@contract/reports-constants";

const ALL_KINDS = "all";
const EMPTY: Record<ReportStatusTab, string> = { open: "No open reports.", handled: "No handled reports yet." };

/** The queue of one tab: a card per reported item, newest first as the server sends them. */
function ReportList({
  status,
  kind,
  role,
  busyId,
  onAction,
}: {
  status: ReportStatusTab;
  kind: ReportKind | "";
  role: "moderator" | "admin";
  busyId: number | null;
  onAction: (group: ReportGroup, action: ReportAction) => void;
}) {
  const reports = useReports(status, kind);
  const items = reports.data?.items;
  return (
    <>
      <LoadError what="reports" query={reports} />
      {reports.isPending ? (
        <ReportGroupSkeletons />
      ) : !items || items.length === 0 ? (
        reports.isError ? null : (
          <EmptyState icon={<Inbox />} title={EMPTY[status]} className="bg-card" />
        )
      ) : (
        <div className="space-y-4">
          {items.map((g) => (
            <ReportGroupCard
              key={g.id}
              group={g}
              actions={actionsFor(g.kind, role)}
              busy={busyId === g.id}
              onAction={(a) => onAction(g, a)}
            />
          ))}
        </div>
      )}
    </>
  );
}

/**
 * /cms/reports (D97): the players' reports, grouped by item, for admins and moderators. Open / Handled tabs and
 * a kind filter; a "Held scores" tab, the scores far above their board that wait for approval; a "Broken games" tab
 * (D114), the games that fail their checks or that players report as not loading. Each open item can be dismissed, its content deleted, its author muted or (admins only) banned,
 * every action after a confirmation that says what it does.
 */
export function CmsReportsScreen() {
  const me = useAdminUser().data;
  const role = me?.role === "admin" ? "admin" : "moderator";
  // a held score's staff alert (D108) opens the "Held scores" tab: /cms/reports?status=scores; ?status=broken
  // opens "Broken games"
  const opensOn = new URLSearchParams(useSearch()).get("status");
  const [status, setStatus] = useState<ReportStatusTab | "scores" | "broken">(
    opensOn === "scores" || opensOn === "handled" || opensOn === "broken" ? opensOn : "open",
  );
  const heldCount = useHeldScores().data?.length;
  const brokenCount = useBrokenGames().data?.pages.at(-1)?.total;
  const [kind, setKind] = useState<ReportKind | "">("");
  const [asking, setAsking] = useState<{ group: ReportGroup; action: ReportAction } | null>(null);
  const act = useReportAction();
  // The open count comes with either tab's answer (the nav shows it too).
  const open = useReports(status === "scores" || status === "broken" ? "open" : status, kind).data?.open;
  const confirm = asking ? actionConfirm(asking.group, asking.action) : null;

  function run() {
    if (!asking) return;
    const { group, action } = asking;
    act.mutate(
      { id: group.id, action },
      {
        onSuccess: (result) => {
          setAsking(null);
          toast({ title: actionDoneText(group, action, result.mutedUntil) });
        },
        onError: (err) => {
          setAsking(null);
          toast({
            title: "Error",
            description: `Failed to ${confirm?.confirmLabel.toLowerCase() ?? action}: ${errorMessage(err)}`,
            variant: "destructive",
          });
        },
      },
    );
  }

  return (
    <>
      <CmsPageHeader
        title="Reports"
        description="What players reported, grouped by item. Every reporter is told the outcome."
        icon={<Flag />}
      />
      <Tabs value={status} onValueChange={(v) => setStatus(v as ReportStatusTab | "scores" | "broken")}>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <TabsList aria-label="Report status" className="h-auto flex-wrap self-start">
            <TabsTrigger value="open">
              Open
              {open ? (
                <span className="rounded-full bg-primary/10 px-1.5 text-xs font-semibold tabular-nums text-primary">
                  {formatNumber(open)}
                </span>
              ) : null}
            </TabsTrigger>
            <TabsTrigger value="handled">Handled</TabsTrigger>
            <TabsTrigger value="scores">
              Held scores
              {heldCount ? (
                <span className="rounded-full bg-primary/10 px-1.5 text-xs font-semibold tabular-nums text-primary">
                  {formatNumber(heldCount)}
                </span>
              ) : null}
            </TabsTrigger>
            <TabsTrigger value="broken">
              Broken games
              {brokenCount ? (
                <span className="rounded-full bg-primary/10 px-1.5 text-xs font-semibold tabular-nums text-primary">
                  {formatNumber(brokenCount)}
                </span>
              ) : null}
            </TabsTrigger>
          </TabsList>
          {status === "scores" || status === "broken" ? null : (
            <Select value={kind || ALL_KINDS} onValueChange={(v) => setKind(v === ALL_KINDS ? "" : (v as ReportKind))}>
              <SelectTrigger aria-label="Kind" className="sm:w-48">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={ALL_KINDS}>All kinds</SelectItem>
                {REPORT_KINDS.map((k) => (
                  <SelectItem key={k} value={k}>
                    {REPORT_KIND_LABELS[k]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        </div>
        {(["open", "handled"] as const).map((tab) => (
          <TabsContent key={tab} value={tab}>
            <ReportList
              status={tab}
              kind={kind}
              role={role}
              busyId={act.isPending ? (act.variables?.id ?? null) : null}
              onAction={(group, action) => setAsking({ group, action })}
            />
          </TabsContent>
        ))}
        <TabsContent value="scores">
          <HeldScoreList />
        </TabsContent>
        <TabsContent value="broken">
          <BrokenGameList admin={role === "admin"} />
        </TabsContent>
      </Tabs>
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(o) => !o && !act.isPending && setAsking(null)}
        title={confirm?.title ?? ""}
        description={confirm?.description ?? ""}
        confirmLabel={confirm?.confirmLabel}
        pendingLabel={confirm?.pendingLabel}
        confirmVariant={confirm?.harmless ? "default" : "destructive"}
        pending={act.isPending}
        onConfirm={run}
      />
    </>
  );
}
