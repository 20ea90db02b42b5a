import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { UserPlus, X } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { BuildsPanel } from "@/components/builds-panel";
import { UserAvatar } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { adminKeys } from "@/features/cms/shared/api/keys";
import { toastOutcome } from "@/features/cms/shared/components/list-screen";
import { apiRequest, getJson } from "@/lib/api-client";
import { gameCreatorListSchema, type GameCreator } from "@contract/studio";

const creatorsKey = (gameId: number) => [...adminKeys.all, "games", gameId, "creators"] as const;

/**
 * D130: the game's creators (added by username, removed with one click); D131: its builds (upload, preview, make
 * live), the same panel the creators see in /studio, on the CMS's routes.
 */
export function GameCreatorsEditor({ gameId }: { gameId: number }) {
  const uid = useId();
  const qc = useQueryClient();
  const creators = useQuery({
    queryKey: creatorsKey(gameId),
    queryFn: ({ signal }) => getJson(`/api/admin/games/${gameId}/creators`, { schema: gameCreatorListSchema, signal }),
  });
  const change = useMutation({
    mutationFn: async (input: { add: string } | { remove: GameCreator }) => {
      const res =
        "add" in input
          ? await apiRequest("POST", `/api/admin/games/${gameId}/creators`, { username: input.add })
          : await apiRequest("DELETE", `/api/admin/games/${gameId}/creators/${input.remove.id}`);
      return (await res.json()) as GameCreator[];
    },
    onSuccess: (list) => {
      qc.setQueryData(creatorsKey(gameId), list);
    },
  });
  const [username, setUsername] = useState("");

  function add(e: FormEvent) {
    e.preventDefault();
    const name = username.trim();
    if (!name) return;
    change.mutate(
      { add: name },
      toastOutcome(`${name} is a creator of this game`, "Failed to add the creator", () => setUsername("")),
    );
  }

  return (
    <>
      <section aria-labelledby={`${uid}-creators`} className="grid min-w-0 gap-3 border-t pt-4">
        <h3 id={`${uid}-creators`} className="font-semibold">
          Creators
        </h3>
        {creators.data?.length ? (
          <ul className="flex flex-wrap gap-2">
            {creators.data.map((c) => (
              <li key={c.id} className="flex items-center gap-2 rounded-full border bg-card py-1 pr-1 pl-1.5 text-sm">
                <UserAvatar src={c.avatarUrl} username={c.username} className="size-6" />
                {c.username}
                <Button
                  type="button"
                  size="icon"
                  variant="ghost"
                  className="size-6"
                  disabled={change.isPending}
                  onClick={() =>
                    change.mutate(
                      { remove: c },
                      toastOutcome(`${c.username} is no longer a creator of this game`, "Failed to remove the creator"),
                    )
                  }
                >
                  <X aria-hidden="true" />
                  <span className="sr-only">Remove {c.username}</span>
                </Button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">No creators: only admins manage this game.</p>
        )}
        <form className="flex gap-2" onSubmit={add} aria-label="Add a creator">
          <Input
            aria-label="Creator's username"
            placeholder="Username of a creator"
            value={username}
            maxLength={100}
            onChange={(e) => setUsername(e.target.value)}
          />
          <Button type="submit" size="sm" variant="outline" disabled={change.isPending}>
            <UserPlus aria-hidden="true" />
            Add
          </Button>
        </form>
      </section>
      <section aria-labelledby={`${uid}-builds`} className="grid min-w-0 gap-3 border-t pt-4">
        <h3 id={`${uid}-builds`} className="font-semibold">
          Builds
        </h3>
        <BuildsPanel scope="admin" gameId={gameId} />
      </section>
    </>
  );
}
