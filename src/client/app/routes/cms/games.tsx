import { Gamepad2 } from "lucide-react";
import { useState } from "react";
import { LoadMoreButton } from "@/components/load-more-button";
import { useAdminCategories } from "@/features/cms/categories/api/get-admin-categories";
import { useDeleteGame } from "@/features/cms/games/api/delete-game";
import { useAdminGames } from "@/features/cms/games/api/get-admin-games";
import { AddGameDialog } from "@/features/cms/games/components/add-game-dialog";
import { EditGameDialog } from "@/features/cms/games/components/edit-game-dialog";
import { GamesTable } from "@/features/cms/games/components/games-table";
import { CmsPageHeader } from "@/features/cms/shared/components/cms-page-header";
import { ConfirmDialog } from "@/features/cms/shared/components/confirm-dialog";
import { AddButton, LoadError, toastOutcome } from "@/features/cms/shared/components/list-screen";
import { SearchInput } from "@/features/cms/shared/components/search-input";
import { useDebouncedValue } from "@/lib/use-debounced-value";
import type { AdminGame } from "@contract/admin/games";

const SEARCH_DEBOUNCE_MS = 300;

/** /cms/games (D44). */
export function CmsGamesScreen() {
  const [search, setSearch] = useState("");
  // Searched and paged by the server (title contains the search, newest first).
  const debounced = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const games = useAdminGames(debounced);
  const all = useAdminGames("");
  const categories = useAdminCategories();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<AdminGame | null>(null);
  const [deleting, setDeleting] = useState<AdminGame | null>(null);
  const del = useDeleteGame();
  const shown = games.data?.pages.flatMap((p) => p.games);
  const found = games.data?.pages[0]?.total;
  const total = all.data?.pages[0]?.total;

  function confirmDelete() {
    if (!deleting) return;
    del.mutate(
      deleting.id,
      toastOutcome("Game deleted", "Failed to delete game", () => setDeleting(null)),
    );
  }

  return (
    <>
      <CmsPageHeader
        title="Games"
        description="Add, edit and remove the games on the site."
        icon={<Gamepad2 />}
        actions={<AddButton onClick={() => setAdding(true)}>Add New Game</AddButton>}
      />
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <SearchInput value={search} onChange={setSearch} label="Search games by title" placeholder="Search games..." />
        {found !== undefined && total !== undefined ? (
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {found === total ? `${total} games` : `${found} of ${total} games`}
          </p>
        ) : null}
      </div>
      <LoadError what="games" query={games} />
      <GamesTable
        games={shown}
        categories={categories.data}
        loading={games.isPending}
        onEdit={setEditing}
        onDelete={setDeleting}
      />
      <LoadMoreButton query={games}>Load More Games</LoadMoreButton>
      <AddGameDialog open={adding} onOpenChange={setAdding} />
      <EditGameDialog game={editing} onOpenChange={(o) => !o && setEditing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => !o && !del.isPending && setDeleting(null)}
        title="Delete game"
        description={
          deleting ? `Are you sure you want to delete "${deleting.title}"? This action cannot be undone.` : ""
        }
        pending={del.isPending}
        onConfirm={confirmDelete}
      />
    </>
  );
}
