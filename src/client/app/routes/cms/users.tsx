import { Ban, CheckCircle2, EyeOff, Trophy, Users, Volume2, VolumeX } from "lucide-react";
import { useState } from "react";
import { UserAvatar } from "@/components/ui/avatar";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { toast } from "@/components/ui/use-toast";
import { isMuted, MUTE_LADDER_TEXT, mutedUntilText } from "@/features/cms/reports/components/report-texts";
import { useAdminUser } from "@/features/cms/shared/api/get-admin-user";
import { ACTIONS_COLUMN, AdminTable, type AdminColumn } from "@/features/cms/shared/components/admin-table";
import { CmsPageHeader } from "@/features/cms/shared/components/cms-page-header";
import { Td, Tr } from "@/features/cms/shared/components/data-table";
import { LoadError, toastOutcome } from "@/features/cms/shared/components/list-screen";
import { SearchInput } from "@/features/cms/shared/components/search-input";
import { useAdminUsers } from "@/features/cms/users/api/get-admin-users";
import { useMute, useUnmute } from "@/features/cms/users/api/mutes";
import { useUpdateUser } from "@/features/cms/users/api/update-user";
import { CreatorApplications } from "@/features/cms/users/components/creator-applications";
import { errorMessage } from "@/lib/api-client";
import { formatDate, formatDateTime, formatNumber } from "@/lib/format";
import { useDebouncedValue } from "@/lib/use-debounced-value";
import type { AdminUserPatch, AdminUserRow } from "@contract/admin/users";

const COLUMNS: AdminColumn[] = [
  { header: "User" },
  { header: "Role" },
  { header: "Status" },
  { header: "Reviews", className: "text-right" },
  { header: "Chat", className: "text-right" },
  { header: "Scores", className: "text-right" },
  { header: "Joined" },
  ACTIONS_COLUMN,
];
const SEARCH_DEBOUNCE_MS = 300;

type Role = AdminUserRow["role"];
/** D96: the roles given here, and what the toast says once one is given. */
const ROLES: { value: Role; label: string; done: (name: string) => string }[] = [
  { value: "player", label: "Player", done: (name) => `${name} is now a player` },
  { value: "creator", label: "Creator", done: (name) => `${name} is now a creator` },
  { value: "moderator", label: "Moderator", done: (name) => `${name} is now a moderator` },
  { value: "admin", label: "Admin", done: (name) => `${name} is now an admin` },
];

/**
 * /cms/users (D47): search, role filter and change (player, creator, moderator, admin), disable/enable,
 * mute/unmute, hide from every board / show again, review, chat and score counts; D130: the Applications view,
 * where players who asked to become creators are approved or declined.
 */
export function CmsUsersScreen() {
  const [view, setView] = useState<"users" | "applications">(() =>
    typeof window !== "undefined" && new URLSearchParams(window.location.search).get("view") === "applications"
      ? "applications"
      : "users",
  );
  const [search, setSearch] = useState("");
  const [roleFilter, setRoleFilter] = useState<Role | "all">("all");
  const debounced = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const users = useAdminUsers(debounced, view === "users", roleFilter === "all" ? "" : roleFilter);
  const me = useAdminUser().data;
  const update = useUpdateUser();
  const mute = useMute();
  const unmute = useUnmute();

  function change(user: AdminUserRow, patch: AdminUserPatch, done: string) {
    update.mutate({ id: user.id, patch }, toastOutcome(done, "Failed to update user"));
  }

  /** D96: the next step of the ladder (10 minutes, 1 hour, 24 hours); the toast says until when. */
  function mutePlayer(user: AdminUserRow) {
    mute.mutate(user.id, {
      onSuccess: ({ mutedUntil }) => toast({ title: `${user.username} is muted until ${formatDateTime(mutedUntil)}` }),
      onError: (err) =>
        toast({ title: "Error", description: `Failed to mute user: ${errorMessage(err)}`, variant: "destructive" }),
    });
  }

  return (
    <>
      <CmsPageHeader title="Users" description="Players, creators, moderators and administrators." icon={<Users />} />
      <div role="group" aria-label="View" className="mb-4 inline-flex rounded-lg border bg-card p-1">
        {(
          [
            ["users", "All users"],
            ["applications", "Applications"],
          ] as const
        ).map(([value, label]) => (
          <Button
            key={value}
            size="sm"
            variant={view === value ? "secondary" : "ghost"}
            aria-pressed={view === value}
            onClick={() => setView(value)}
          >
            {label}
          </Button>
        ))}
      </div>
      {view === "applications" ? (
        <CreatorApplications />
      ) : (
        <UsersTable
          search={search}
          setSearch={setSearch}
          roleFilter={roleFilter}
          setRoleFilter={setRoleFilter}
          users={users}
          me={me}
          update={update}
          mute={mute}
          unmute={unmute}
          change={change}
          mutePlayer={mutePlayer}
        />
      )}
    </>
  );
}

function UsersTable({
  search,
  setSearch,
  roleFilter,
  setRoleFilter,
  users,
  me,
  update,
  mute,
  unmute,
  change,
  mutePlayer,
}: {
  search: string;
  setSearch: (value: string) => void;
  roleFilter: Role | "all";
  setRoleFilter: (value: Role | "all") => void;
  users: ReturnType<typeof useAdminUsers>;
  me: ReturnType<typeof useAdminUser>["data"];
  update: ReturnType<typeof useUpdateUser>;
  mute: ReturnType<typeof useMute>;
  unmute: ReturnType<typeof useUnmute>;
  change: (user: AdminUserRow, patch: AdminUserPatch, done: string) => void;
  mutePlayer: (user: AdminUserRow) => void;
}) {
  return (
    <>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="min-w-0 flex-1">
          <SearchInput
            value={search}
            onChange={setSearch}
            label="Search users by name or email"
            placeholder="Search users..."
          />
        </div>
        <Select value={roleFilter} onValueChange={(value) => setRoleFilter(value as Role | "all")}>
          <SelectTrigger aria-label="Show users with the role" className="w-full sm:w-44">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="all">All roles</SelectItem>
            {ROLES.map((r) => (
              <SelectItem key={r.value} value={r.value}>
                {r.label}s
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <LoadError what="users" query={users} />
      <AdminTable
        label="Users"
        columns={COLUMNS}
        rows={users.data}
        loading={users.isPending}
        empty="No users found."
        renderRow={(u) => {
          const self = me?.id === u.id;
          const busy =
            (update.isPending && update.variables?.id === u.id) ||
            (mute.isPending && mute.variables === u.id) ||
            (unmute.isPending && unmute.variables === u.id);
          const mutedUntil = isMuted(u.mutedUntil) ? u.mutedUntil : null;
          return (
            <Tr key={u.id} className={u.disabled ? "opacity-70" : undefined}>
              <Td className="min-w-56">
                <div className="flex items-center gap-3">
                  <UserAvatar src={u.avatarUrl} username={u.username} className="size-9" />
                  <div className="min-w-0">
                    <p className="truncate font-medium">
                      {u.username}
                      {self ? <span className="ml-1 text-xs font-normal text-muted-foreground">(you)</span> : null}
                    </p>
                    <p className="truncate text-xs text-muted-foreground">{u.email ?? "No email"}</p>
                  </div>
                </div>
              </Td>
              <Td>
                <Select
                  value={u.role}
                  disabled={self || busy}
                  onValueChange={(value) => {
                    const role = ROLES.find((r) => r.value === value);
                    if (role) change(u, { role: role.value }, role.done(u.username));
                  }}
                >
                  <SelectTrigger aria-label={`Role of ${u.username}`} className="h-8 w-32">
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {ROLES.map((r) => (
                      <SelectItem key={r.value} value={r.value}>
                        {r.label}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              </Td>
              <Td>
                <div className="flex flex-wrap gap-1">
                  {u.disabled ? (
                    <Badge variant="destructive">Disabled</Badge>
                  ) : (
                    <Badge variant="secondary">Active</Badge>
                  )}
                  {/* D93: the player's scores stay, but no board shows them. */}
                  {u.hiddenFromBoards ? (
                    // Two lines, so that the actions column still fits at 1440 px.
                    <Badge variant="outline" className="w-28 rounded-md! whitespace-normal!">
                      Hidden from boards
                    </Badge>
                  ) : null}
                  {mutedUntil ? (
                    // Two lines rather than a wider table (the date is long).
                    <Badge variant="outline" className="max-w-40 rounded-md! whitespace-normal!">
                      {mutedUntilText(mutedUntil)}
                    </Badge>
                  ) : null}
                </div>
              </Td>
              <Td className="text-right tabular-nums">{formatNumber(u.reviewCount)}</Td>
              <Td className="text-right tabular-nums">{formatNumber(u.chatCount)}</Td>
              <Td className="text-right tabular-nums">{formatNumber(u.scoreCount)}</Td>
              <Td className="whitespace-nowrap text-muted-foreground">{formatDate(u.createdAt)}</Td>
              <Td sticky className="text-right">
                {/* Below 1536 px the buttons are their icons (names for screen readers, a tooltip on hover), so the table fits. */}
                <div className="flex justify-end gap-1">
                  {mutedUntil ? (
                    <Button
                      variant="outline"
                      size="sm"
                      disabled={busy}
                      title="Unmute: the mute ends now"
                      onClick={() =>
                        unmute.mutate(u.id, toastOutcome(`${u.username} is no longer muted`, "Failed to unmute user"))
                      }
                    >
                      <Volume2 aria-hidden="true" />
                      <span className="sr-only 2xl:not-sr-only">Unmute</span>
                      <span className="sr-only"> {u.username}</span>
                    </Button>
                  ) : (
                    <Button
                      variant="outline"
                      size="sm"
                      disabled={self || busy || u.disabled}
                      title={self ? "You cannot mute yourself" : `The next mute on the ladder: ${MUTE_LADDER_TEXT}`}
                      onClick={() => mutePlayer(u)}
                    >
                      <VolumeX aria-hidden="true" />
                      <span className="sr-only 2xl:not-sr-only">Mute</span>
                      <span className="sr-only"> {u.username}</span>
                    </Button>
                  )}
                  {u.hiddenFromBoards ? (
                    <Button
                      variant="outline"
                      size="sm"
                      disabled={busy}
                      title="Show on boards: the player's scores count on every board again"
                      onClick={() =>
                        change(u, { hiddenFromBoards: false }, `${u.username} is shown on the boards again`)
                      }
                    >
                      {/* Not lucide's Eye: that icon is a chunk of its own (the password field's), one more file in the CMS's load list (D73). */}
                      <Trophy aria-hidden="true" />
                      <span className="sr-only 2xl:not-sr-only">Show on boards</span>
                      <span className="sr-only"> {u.username}</span>
                    </Button>
                  ) : (
                    <Button
                      variant="outline"
                      size="sm"
                      disabled={busy}
                      title="Hide from boards: no board shows the player (their scores stay)"
                      onClick={() => change(u, { hiddenFromBoards: true }, `${u.username} is hidden from the boards`)}
                    >
                      <EyeOff aria-hidden="true" />
                      <span className="sr-only 2xl:not-sr-only">Hide from boards</span>
                      <span className="sr-only"> {u.username}</span>
                    </Button>
                  )}
                  {u.disabled ? (
                    <Button
                      variant="outline"
                      size="sm"
                      disabled={busy}
                      title="Enable"
                      onClick={() => change(u, { disabled: false }, `${u.username} is enabled`)}
                    >
                      <CheckCircle2 aria-hidden="true" />
                      <span className="sr-only 2xl:not-sr-only">Enable</span>
                      <span className="sr-only"> {u.username}</span>
                    </Button>
                  ) : (
                    <Button
                      variant="outline"
                      size="sm"
                      className="text-destructive hover:text-destructive"
                      disabled={self || busy}
                      title={self ? "You cannot disable your own account" : "Disable"}
                      onClick={() => change(u, { disabled: true }, `${u.username} is disabled`)}
                    >
                      <Ban aria-hidden="true" />
                      <span className="sr-only 2xl:not-sr-only">Disable</span>
                      <span className="sr-only"> {u.username}</span>
                    </Button>
                  )}
                </div>
              </Td>
            </Tr>
          );
        }}
      />
    </>
  );
}
