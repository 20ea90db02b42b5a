import { Check, X } from "lucide-react";
import { useState } from "react";
import { UserAvatar } from "@/components/ui/avatar";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { LoadError, toastOutcome } from "@/features/cms/shared/components/list-screen";
import { formatDate } from "@/lib/format";
import type { AdminCreatorApplication } from "@contract/studio";
import { useCreatorApplications, useDecideApplication } from "../api/creator-applications";

/**
 * D130: the players who asked to become creators, pending first (oldest first): what they make, their link, and
 * Approve (they become creators) or Decline with a reason they read in their notification.
 */
export function CreatorApplications() {
  const applications = useCreatorApplications();
  const list = applications.data ?? [];
  return (
    <div className="grid gap-3">
      <LoadError what="creator applications" query={applications} />
      {applications.isPending ? (
        <div role="status" aria-label="Loading applications" className="h-32" />
      ) : list.length === 0 ? (
        <p className="rounded-lg border bg-card p-6 text-center text-sm text-muted-foreground">No applications yet.</p>
      ) : (
        <ul className="grid gap-3" aria-label="Creator applications">
          {list.map((a) => (
            <ApplicationRow key={a.id} application={a} />
          ))}
        </ul>
      )}
    </div>
  );
}

function ApplicationRow({ application: a }: { application: AdminCreatorApplication }) {
  const decide = useDecideApplication();
  const [reason, setReason] = useState("");
  const busy = decide.isPending;
  return (
    <li className="grid gap-3 rounded-lg border bg-card p-4" aria-label={`Application from ${a.user.username}`}>
      <div className="flex flex-wrap items-center gap-3">
        <UserAvatar src={a.user.avatarUrl} username={a.user.username} className="size-9" />
        <div className="min-w-0 flex-1">
          <p className="truncate font-medium">{a.user.username}</p>
          <p className="text-xs text-muted-foreground">Sent on {formatDate(a.createdAt)}</p>
        </div>
        {a.status === "pending" ? (
          <Badge variant="secondary">Pending</Badge>
        ) : a.status === "approved" ? (
          <Badge variant="new">Approved</Badge>
        ) : (
          <Badge variant="destructive">Declined</Badge>
        )}
      </div>
      <p className="whitespace-pre-line break-words text-sm">{a.about}</p>
      <a
        href={a.link}
        target="_blank"
        rel="noopener noreferrer nofollow"
        className="break-all text-sm text-primary underline-offset-4 hover:underline"
      >
        {a.link}
      </a>
      {a.status === "declined" && a.reason ? <p className="text-sm text-muted-foreground">Reason: {a.reason}</p> : null}
      {a.status === "pending" ? (
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
          <Input
            aria-label={`Reason to decline ${a.user.username} (optional)`}
            placeholder="Reason, if you decline (optional)"
            value={reason}
            maxLength={500}
            onChange={(e) => setReason(e.target.value)}
            className="sm:max-w-sm"
          />
          <div className="flex gap-2">
            <Button
              size="sm"
              variant="gradient"
              disabled={busy}
              onClick={() =>
                decide.mutate(
                  { id: a.id, approve: true },
                  toastOutcome(`${a.user.username} is a creator now`, "Failed to approve"),
                )
              }
            >
              <Check aria-hidden="true" />
              Approve<span className="sr-only"> {a.user.username}</span>
            </Button>
            <Button
              size="sm"
              variant="outline"
              className="text-destructive hover:text-destructive"
              disabled={busy}
              onClick={() =>
                decide.mutate(
                  { id: a.id, approve: false, reason },
                  toastOutcome(`${a.user.username}'s application is declined`, "Failed to decline"),
                )
              }
            >
              <X aria-hidden="true" />
              Decline<span className="sr-only"> {a.user.username}</span>
            </Button>
          </div>
        </div>
      ) : null}
    </li>
  );
}
