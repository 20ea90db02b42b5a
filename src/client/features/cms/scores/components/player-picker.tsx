import { Search, X } from "lucide-react";
import { useId, useState, type ReactNode } from "react";
import { Input, Label } from "@/components/ui/input";
import { useAdminUsers } from "@/features/cms/users/api/get-admin-users";
import { useDebouncedValue } from "@/lib/use-debounced-value";

/** The player a list is narrowed to: their id, and their name once known. */
export type PickedPlayer = { id: number; username?: string };

const SEARCH_DEBOUNCE_MS = 300;
const MAX_MATCHES = 8;

/**
 * A player filter (D93 scores screen): type a user id, or part of a name or email and pick from the matches
 * (GET /api/admin/users?search=). Once picked, the player shows as a chip with a clear button.
 */
export function PlayerPicker({
  value,
  onChange,
}: {
  value: PickedPlayer | null;
  onChange: (player: PickedPlayer | null) => void;
}) {
  const id = useId();
  const [text, setText] = useState("");
  // The matches show while the box (or a match) has the focus; Escape or a click elsewhere closes them.
  const [open, setOpen] = useState(false);
  const typed = text.trim();
  const debounced = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  const users = useAdminUsers(debounced, value === null && debounced !== "");
  const byId = /^\d{1,10}$/.test(typed) && Number(typed) > 0 ? Number(typed) : null;
  const matches = debounced === typed ? (users.data ?? []).slice(0, MAX_MATCHES) : [];

  function pick(player: PickedPlayer) {
    onChange(player);
    setText("");
  }

  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>Player</Label>
      {value ? (
        <div className="flex h-10 items-center justify-between gap-2 rounded-lg border border-input bg-card px-3 text-sm shadow-xs">
          <span className="truncate">
            <span className="font-medium">{value.username ?? `User #${value.id}`}</span>
            {value.username ? <span className="ml-1 text-xs text-muted-foreground">#{value.id}</span> : null}
          </span>
          <button
            id={id}
            type="button"
            aria-label="Clear the player"
            onClick={() => onChange(null)}
            className="rounded-md p-1 text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <X className="size-4" aria-hidden="true" />
          </button>
        </div>
      ) : (
        // The matches' list is absolute with no `top`: it sits where it would in the flow, under the box.
        <div
          className="relative"
          onBlur={(e) => {
            if (!e.currentTarget.contains(e.relatedTarget)) setOpen(false);
          }}
        >
          <Search
            className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            id={id}
            type="search"
            autoComplete="off"
            value={text}
            placeholder="Name, email or user id"
            onChange={(e) => {
              setText(e.target.value);
              setOpen(true);
            }}
            onFocus={() => setOpen(true)}
            onKeyDown={(e) => {
              if (e.key === "Escape") setOpen(false);
              if (e.key === "Enter" && byId !== null) {
                e.preventDefault();
                pick({ id: byId });
              }
            }}
            className="pl-9 [&::-webkit-search-cancel-button]:hidden"
          />
          {typed && open ? (
            <ul
              aria-label="Matching players"
              className="absolute inset-x-0 z-10 mt-1.5 max-h-80 overflow-y-auto rounded-xl border bg-popover p-1.5 text-popover-foreground shadow-xl shadow-black/10"
            >
              {byId !== null ? (
                <li>
                  <PickButton onClick={() => pick({ id: byId })}>
                    <span className="font-medium">User #{byId}</span>
                    <span className="text-xs text-muted-foreground">by id</span>
                  </PickButton>
                </li>
              ) : null}
              {matches.map((u) => (
                <li key={u.id}>
                  <PickButton onClick={() => pick({ id: u.id, username: u.username })}>
                    <span className="truncate font-medium">{u.username}</span>
                    <span className="truncate text-xs text-muted-foreground">{u.email ?? `#${u.id}`}</span>
                  </PickButton>
                </li>
              ))}
              {byId === null && matches.length === 0 ? (
                <li role="status" className="px-2.5 py-2 text-sm text-muted-foreground">
                  {debounced !== typed || users.isFetching ? "Searching..." : "No players found."}
                </li>
              ) : null}
            </ul>
          ) : null}
        </div>
      )}
    </div>
  );
}

function PickButton({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="flex w-full min-w-0 items-baseline justify-between gap-3 rounded-lg px-2.5 py-2 text-left text-sm outline-none hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring"
    >
      {children}
    </button>
  );
}
