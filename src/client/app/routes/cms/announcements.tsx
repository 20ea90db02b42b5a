import { Loader2, Megaphone, Send } from "lucide-react";
import { useId, useMemo, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input, Textarea } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { useSendAnnouncement } from "@/features/cms/announcements/api/send-announcement";
import { CmsPageHeader } from "@/features/cms/shared/components/cms-page-header";
import { ConfirmDialog } from "@/features/cms/shared/components/confirm-dialog";
import { Field, fieldAria } from "@/features/cms/shared/components/field";
import { NotificationRow } from "@/features/notifications/notification-list";
import { ApiError, errorMessage } from "@/lib/api-client";
import { formatNumber } from "@/lib/format";
import { cn } from "@/lib/utils";
import { ANNOUNCEMENT_MAX, announcementSchema } from "@contract/notifications";
import type { NotificationItem } from "@contract/player-live";

type Errors = { text?: string; link?: string; form?: string };

/** "Announcement sent to 1 player" / "… to 12 players" (D85). */
export function sentMessage(sent: number) {
  return `Announcement sent to ${formatNumber(sent)} ${sent === 1 ? "player" : "players"}`;
}

/**
 * /cms/announcements (D85): write an announcement, see how it reads under the bell, and send it to every
 * player after a confirmation. Errors are shown by their field; the count of players reached is a toast.
 */
export function CmsAnnouncementsScreen() {
  const textId = useId();
  const linkId = useId();
  const send = useSendAnnouncement();
  const [text, setText] = useState("");
  const [link, setLink] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const [confirming, setConfirming] = useState(false);

  const length = text.trim().length;
  const over = length > ANNOUNCEMENT_MAX;
  // The preview is the bell's own row (NotificationRow), as a player will see it: unread, just now.
  const preview = useMemo<NotificationItem>(
    () => ({
      id: 0,
      kind: "announcement",
      createdAt: new Date().toISOString(),
      readAt: null,
      actor: null,
      game: null,
      text: text.trim() || null,
      link: link.trim() || null,
    }),
    [text, link],
  );

  function validate(): { text: string; link?: string } | null {
    const parsed = announcementSchema.safeParse({ text, link: link.trim() });
    if (parsed.success) return parsed.data;
    const next: Errors = {};
    for (const issue of parsed.error.issues) {
      const key = issue.path[0] === "link" ? "link" : "text";
      next[key] ??= issue.message;
    }
    setErrors(next);
    document.getElementById(next.text ? textId : linkId)?.focus();
    return null;
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    setErrors({});
    if (validate()) setConfirming(true);
  }

  function confirm() {
    const body = validate();
    if (!body) {
      setConfirming(false);
      return;
    }
    send.mutate(body, {
      onSuccess: ({ sent }) => {
        setConfirming(false);
        setText("");
        setLink("");
        setErrors({});
        toast({ title: sentMessage(sent) });
      },
      onError: (err) => {
        setConfirming(false);
        // The server's refusal (400 invalid, 429 too many, …) stays on the form, by the button.
        setErrors({ form: err instanceof ApiError ? err.serverMessage : errorMessage(err) });
      },
    });
  }

  return (
    <>
      <CmsPageHeader
        title="Announcements"
        description="Send a notification to every player, under their bell."
        icon={<Megaphone />}
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>New announcement</CardTitle>
            <CardDescription>Every registered player gets it once; it cannot be taken back.</CardDescription>
          </CardHeader>
          <CardContent>
            <form onSubmit={submit} noValidate className="grid gap-4">
              <Field
                id={textId}
                label="Announcement"
                hint={
                  <span className={cn("tabular-nums", over && "font-medium text-destructive")} aria-live="polite">
                    {length} / {ANNOUNCEMENT_MAX} characters
                  </span>
                }
                error={errors.text}
              >
                <Textarea
                  id={textId}
                  rows={5}
                  value={text}
                  placeholder="New games this week: try them now!"
                  onChange={(e) => {
                    setText(e.target.value);
                    if (errors.text || errors.form) setErrors(({ text: _, form: __, ...rest }) => rest);
                  }}
                  {...fieldAria(textId, errors.text, true)}
                />
              </Field>
              <Field
                id={linkId}
                label="Link (optional)"
                hint="A path on this site, such as /games or /collection/new-this-week."
                error={errors.link}
              >
                <Input
                  id={linkId}
                  value={link}
                  placeholder="/games"
                  onChange={(e) => {
                    setLink(e.target.value);
                    if (errors.link || errors.form) setErrors(({ link: _, form: __, ...rest }) => rest);
                  }}
                  {...fieldAria(linkId, errors.link, true)}
                />
              </Field>
              {errors.form ? (
                <p role="alert" className="text-sm font-medium text-destructive">
                  {errors.form}
                </p>
              ) : null}
              <div>
                <Button type="submit" variant="gradient" disabled={send.isPending}>
                  {send.isPending ? (
                    <Loader2 className="animate-spin" aria-hidden="true" />
                  ) : (
                    <Send aria-hidden="true" />
                  )}
                  {send.isPending ? "Sending..." : "Send"}
                </Button>
              </div>
            </form>
          </CardContent>
        </Card>
        <Card className="self-start">
          <CardHeader>
            <CardTitle>Preview</CardTitle>
            <CardDescription>How it will read under the bell.</CardDescription>
          </CardHeader>
          <CardContent>
            <div
              data-testid="announcement-preview"
              className="rounded-lg border bg-popover p-3 text-popover-foreground shadow-sm"
            >
              <NotificationRow item={preview} compact />
              {preview.link ? (
                <p className="mt-2 truncate pl-11 text-xs text-muted-foreground">Opens {preview.link}</p>
              ) : null}
            </div>
          </CardContent>
        </Card>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => {
          if (!send.isPending) setConfirming(open);
        }}
        title="Send to every player?"
        description="Every player will get this announcement under their bell. It cannot be taken back."
        confirmLabel="Send"
        pendingLabel="Sending..."
        pending={send.isPending}
        onConfirm={confirm}
      />
    </>
  );
}
