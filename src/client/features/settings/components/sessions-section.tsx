import { LogOut, Monitor, Smartphone } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/use-toast";
import { errorMessage } from "@/lib/api-client";
import { formatDate, relativeTime } from "@/lib/format";
import { useEndOtherSessions, useEndSession, useSessions } from "../api/sessions";
import { SettingsCard } from "./settings-card";

const isPhone = (device: string) => /iPhone|iPad|Android/.test(device);

/** D87: where the player is signed in, "Sign out everywhere else", and one session at a time. */
export function SessionsSection() {
  const sessions = useSessions();
  const endOthers = useEndOtherSessions();
  const endOne = useEndSession();
  const others = sessions.data?.filter((s) => !s.current).length ?? 0;

  return (
    <SettingsCard id="sessions" title="Sessions" description="The browsers and devices where you are signed in.">
      {sessions.isPending ? (
        <div className="grid gap-3" role="status" aria-label="Loading sessions">
          <Skeleton className="h-16" />
          <Skeleton className="h-16" />
        </div>
      ) : sessions.isError ? (
        <p className="text-sm text-destructive dark:text-red-400">
          Could not load your sessions. Please try again in a moment.
        </p>
      ) : (
        <ul className="grid gap-2">
          {sessions.data.map((s) => {
            const Icon = isPhone(s.device) ? Smartphone : Monitor;
            return (
              <li key={s.id} className="flex items-center gap-3 rounded-xl border p-3">
                <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-muted text-muted-foreground">
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                <div className="min-w-0 flex-1">
                  <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
                    {s.device}
                    {s.current ? <Badge className="bg-emerald-700 text-white">This device</Badge> : null}
                    {s.kind === "admin" ? <Badge variant="outline">Admin</Badge> : null}
                  </p>
                  <p className="text-xs text-muted-foreground">
                    Signed in {formatDate(s.createdAt)} · Active {relativeTime(s.lastSeenAt)}
                  </p>
                </div>
                {!s.current ? (
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Sign out ${s.device}`}
                    disabled={endOne.isPending}
                    onClick={() =>
                      endOne.mutate(s.id, {
                        onSuccess: () => toast({ title: "Signed out", description: `${s.device} is signed out.` }),
                        onError: (error) =>
                          toast({
                            title: "Could not sign out that session",
                            description: errorMessage(error),
                            variant: "destructive",
                          }),
                      })
                    }
                  >
                    <LogOut aria-hidden="true" />
                    <span className="hidden sm:inline">Sign out</span>
                  </Button>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      <Button
        variant="outline"
        className="mt-4"
        disabled={others === 0 || endOthers.isPending}
        onClick={() =>
          endOthers.mutate(undefined, {
            onSuccess: () =>
              toast({ title: "Signed out everywhere else", description: "Only this browser is still signed in." }),
            onError: (error) =>
              toast({
                title: "Could not sign out the other sessions",
                description: errorMessage(error),
                variant: "destructive",
              }),
          })
        }
      >
        <LogOut aria-hidden="true" />
        Sign out everywhere else
      </Button>
    </SettingsCard>
  );
}
