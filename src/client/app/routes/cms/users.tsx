import { Ban, CheckCircle2, Users } from "lucide-react";
import { useState } from "react";
import type { AdminUserRow } from "@contract/admin";
import { UserAvatar } from "@/components/ui/avatar";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { formatDate, formatNumber } from "@/lib/format";
import { useAdminUser } from "@/features/cms/api/get-admin-user";
import { useAdminUsers } from "@/features/cms/api/get-admin-users";
import { useUpdateUser } from "@/features/cms/api/update-user";
import { ACTIONS_COLUMN, AdminTable, type AdminColumn } from "@/features/cms/components/admin-table";
import { CmsPageHeader } from "@/features/cms/components/cms-page-header";
import { Td, Tr } from "@/features/cms/components/data-table";
import { LoadError, toastOutcome } from "@/features/cms/components/list-screen";
import { SearchInput } from "@/features/cms/components/search-input";
import { useDebouncedValue } from "@/lib/use-debounced-value";

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

/** /cms/users (D47): search, role change, disable/enable, review, chat and score counts. */
export function CmsUsersScreen() {
  const [search, setSearch] = useState("");
  const debounced = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const users = useAdminUsers(debounced);
  const me = useAdminUser().data;
  const update = useUpdateUser();

  function change(user: AdminUserRow, patch: { role?: "player" | "admin"; disabled?: boolean }, done: string) {
    update.mutate({ id: user.id, patch }, toastOutcome(done, "Failed to update user"));
  }

  return (
    <>
      <CmsPageHeader title="Users" description="Player and administrator accounts." icon={<Users />} />
      <SearchInput value={search} onChange={setSearch} label="Search users by name or email" placeholder="Search users..." />
      <LoadError what="users" query={users} />
      <AdminTable
        label="Users"
        columns={COLUMNS}
        rows={users.data}
        loading={users.isPending}
        empty="No users found."
        renderRow={(u) => {
          const self = me?.id === u.id;
          const busy = update.isPending && update.variables?.id === u.id;
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
                  onValueChange={(role) =>
                    change(u, { role: role as "player" | "admin" }, role === "admin" ? `${u.username} is now an admin` : `${u.username} is now a player`)
                  }
                >
                  <SelectTrigger aria-label={`Role of ${u.username}`} className="h-8 w-28">
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    <SelectItem value="player">Player</SelectItem>
                    <SelectItem value="admin">Admin</SelectItem>
                  </SelectContent>
                </Select>
              </Td>
              <Td>{u.disabled ? <Badge variant="destructive">Disabled</Badge> : <Badge variant="secondary">Active</Badge>}</Td>
              <Td className="text-right tabular-nums">{formatNumber(u.reviewCount)}</Td>
              <Td className="text-right tabular-nums">{formatNumber(u.chatCount)}</Td>
              <Td className="text-right tabular-nums">{formatNumber(u.scoreCount)}</Td>
              <Td className="whitespace-nowrap text-muted-foreground">{formatDate(u.createdAt)}</Td>
              <Td sticky className="text-right">
                {u.disabled ? (
                  <Button variant="outline" size="sm" disabled={busy} onClick={() => change(u, { disabled: false }, `${u.username} is enabled`)}>
                    <CheckCircle2 aria-hidden="true" />
                    Enable<span className="sr-only"> {u.username}</span>
                  </Button>
                ) : (
                  <Button
                    variant="outline"
                    size="sm"
                    className="text-destructive hover:text-destructive"
                    disabled={self || busy}
                    title={self ? "You cannot disable your own account" : undefined}
                    onClick={() => change(u, { disabled: true }, `${u.username} is disabled`)}
                  >
                    <Ban aria-hidden="true" />
                    Disable<span className="sr-only"> {u.username}</span>
                  </Button>
                )}
              </Td>
            </Tr>
          );
        }}
      />
    </>
  );
}
