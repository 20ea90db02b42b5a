import { Palette, Send } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Link } from "wouter";
import { Badge } from "@/components/ui/badge";
import { Button, buttonClasses } from "@/components/ui/button";
import { Input, Label, Textarea } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { errorMessage } from "@/lib/api-client";
import { formatDate } from "@/lib/format";
import type { CurrentUser } from "@/lib/session";
import { CREATOR_APPLICATION_LIMITS } from "@contract/studio-constants";
import { useApplyToCreate, useMyApplication } from "../api/creator-application";
import { SettingsCard } from "./settings-card";

/**
 * D130: "Publish your games": a player applies to become a creator (what they make, a link), sees the pending
 * application or the last answer, and a creator gets the way to the studio instead.
 */
export function CreatorSection({ user }: { user: CurrentUser }) {
  const isPlayer = user.role === "player";
  const application = useMyApplication(isPlayer);
  const apply = useApplyToCreate();
  const [about, setAbout] = useState("");
  const [link, setLink] = useState("");

  if (user.role === "moderator") return null;
  if (!isPlayer) {
    return (
      <SettingsCard
        id="creator"
        title="Publish your games"
        description="You are a creator: your games and builds are in your studio."
      >
        <Link href="/studio" className={buttonClasses("gradient")}>
          <Palette aria-hidden="true" />
          Open the studio
        </Link>
      </SettingsCard>
    );
  }

  const current = application.data?.application ?? null;
  function submit(e: FormEvent) {
    e.preventDefault();
    apply.mutate(
      { about, link },
      {
        onSuccess: () => {
          toast({ title: "Application sent", description: "An admin will look at it; you will get a notification." });
          setAbout("");
          setLink("");
        },
        onError: (error) =>
          toast({ title: "Could not send your application", description: errorMessage(error), variant: "destructive" }),
      },
    );
  }

  return (
    <SettingsCard
      id="creator"
      title="Publish your games"
      description="Creators upload their own games and builds in a studio. Tell us what you make."
    >
      {current?.status === "pending" ? (
        <div className="grid gap-2 text-sm">
          <p className="flex flex-wrap items-center gap-2">
            <Badge variant="secondary">Waiting for an answer</Badge>
            <span className="text-muted-foreground">Sent on {formatDate(current.createdAt)}</span>
          </p>
          <p className="break-words text-muted-foreground">{current.about}</p>
        </div>
      ) : (
        <form className="grid gap-4" onSubmit={submit} aria-label="Apply to become a creator">
          {current?.status === "declined" ? (
            <p className="text-sm text-muted-foreground" role="status">
              Your last application was declined{current.reason ? `: ${current.reason}` : "."} You may apply again.
            </p>
          ) : null}
          <div className="grid gap-1.5">
            <Label htmlFor="creator-about">What you make</Label>
            <Textarea
              id="creator-about"
              required
              rows={3}
              maxLength={CREATOR_APPLICATION_LIMITS.aboutMax}
              value={about}
              onChange={(e) => setAbout(e.target.value)}
              placeholder="Small puzzle games for the browser, made with Phaser"
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="creator-link">A link to your work</Label>
            <Input
              id="creator-link"
              type="url"
              required
              maxLength={CREATOR_APPLICATION_LIMITS.linkMax}
              value={link}
              onChange={(e) => setLink(e.target.value)}
              placeholder="https://"
            />
          </div>
          <div>
            <Button type="submit" variant="gradient" disabled={apply.isPending}>
              <Send aria-hidden="true" />
              {apply.isPending ? "Sending…" : "Apply"}
            </Button>
          </div>
        </form>
      )}
    </SettingsCard>
  );
}
