import { CalendarDays, Gamepad2, Lock, Percent, Star } from "lucide-react";
import type { ReactNode } from "react";
import { UserAvatar } from "@/components/ui/avatar";
import { Badge } from "@/components/ui/badge";
import { Skeleton } from "@/components/ui/skeleton";
import { formatNumber } from "@/lib/format";
import { useTimeFormat } from "@/lib/hydration";
import { cn } from "@/lib/utils";
import { restrictedProfileNote } from "@contract/pages";
import type { UserProfile } from "@contract/users";

function Stat({
  icon,
  label,
  value,
  field,
  small,
}: {
  icon: ReactNode;
  label: string;
  value: string;
  field: string;
  small?: boolean;
}) {
  return (
    <div className="rounded-xl border bg-card/80 p-4 backdrop-blur">
      <dt className="flex items-center gap-1.5 text-xs font-medium uppercase tracking-wide text-muted-foreground [&_svg]:size-3.5">
        {icon}
        {label}
      </dt>
      <dd
        className={cn("mt-1 font-bold tabular-nums", small ? "text-lg sm:text-xl" : "text-xl sm:text-2xl")}
        data-field={field}
      >
        {value}
      </dd>
    </div>
  );
}

/**
 * Profile heading: avatar with initials fallback, username, 'Rank #N' when ranked,
 * Total Score, Games Played, Win Rate, Member Since; 'Message' and 'Add Friend' (ProfileActions).
 */
export function ProfileHeader({
  profile,
  isSelf,
  actions,
}: {
  profile: UserProfile;
  isSelf: boolean;
  actions?: ReactNode;
}) {
  const time = useTimeFormat();
  return (
    <div className="border-b bg-gradient-to-b from-accent/70 via-accent/20 to-transparent">
      <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
        <div className="flex flex-col items-center gap-5 text-center sm:flex-row sm:items-center sm:text-left">
          <UserAvatar
            username={profile.username}
            src={profile.avatarUrl}
            className="size-24 ring-4 ring-card shadow-xl shadow-primary/20 [&>span]:text-3xl sm:size-28"
          />
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-center justify-center gap-2 sm:justify-start">
              <h1 className="break-all text-3xl font-extrabold tracking-tight sm:text-4xl">{profile.username}</h1>
              {profile.rank !== null ? (
                <Badge
                  className="bg-gradient-to-r from-amber-300 to-yellow-500 text-sm text-amber-950"
                  data-testid="rank-badge"
                >
                  Rank #{profile.rank}
                </Badge>
              ) : null}
            </div>
            {profile.createdAt !== null ? (
              <p className="mt-1 text-muted-foreground">Member since {time.date(profile.createdAt)}</p>
            ) : null}
          </div>
          {isSelf ? null : actions}
        </div>
        {profile.restricted ? (
          <p
            className="mt-8 flex items-center justify-center gap-2 rounded-xl border bg-card/80 p-4 text-muted-foreground backdrop-blur sm:justify-start [&_svg]:size-4 [&_svg]:shrink-0"
            data-testid="profile-restricted"
          >
            <Lock aria-hidden="true" />
            {restrictedProfileNote(profile)}
          </p>
        ) : (
          <Figures profile={profile} />
        )}
      </div>
    </div>
  );
}

function Figures({ profile }: { profile: UserProfile }) {
  const time = useTimeFormat();
  return (
    <dl className="mt-8 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      <Stat
        icon={<Star aria-hidden="true" />}
        label="Total Score"
        value={formatNumber(profile.totalScore ?? 0)}
        field="totalScore"
      />
      <Stat
        icon={<Gamepad2 aria-hidden="true" />}
        label="Games Played"
        value={formatNumber(profile.gamesPlayed ?? 0)}
        field="gamesPlayed"
      />
      <Stat icon={<Percent aria-hidden="true" />} label="Win Rate" value={`${profile.winRate ?? 0}%`} field="winRate" />
      <Stat
        icon={<CalendarDays aria-hidden="true" />}
        label="Member Since"
        value={profile.createdAt ? time.date(profile.createdAt) : "—"}
        field="memberSince"
        small
      />
    </dl>
  );
}

export function ProfileHeaderSkeleton() {
  return (
    <div className="border-b" data-testid="profile-skeleton">
      <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
        <div className="flex flex-col items-center gap-5 sm:flex-row">
          <Skeleton className="size-24 rounded-full sm:size-28" />
          <div className="w-full max-w-sm space-y-3">
            <Skeleton className="mx-auto h-8 w-48 sm:mx-0" />
            <Skeleton className="mx-auto h-4 w-40 sm:mx-0" />
          </div>
        </div>
        <div className="mt-8 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className="h-20 rounded-xl" />
          ))}
        </div>
      </div>
    </div>
  );
}
