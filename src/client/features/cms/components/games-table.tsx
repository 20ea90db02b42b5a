import { ExternalLink, Pencil, Trash2 } from "lucide-react";
import type { Category } from "@contract/categories";
import type { Game } from "@contract/games";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { formatNumber, ratingOutOfFive } from "@/lib/format";
import { DataTable, MessageRow, SkeletonRows, Td, Th, Tr } from "./data-table";
import { ImagePreview } from "./image-field";

/** Spec §2, §9: 'Hot' in admin when plays exceed 10000. */
export const HOT_PLAYS = 10000;

/** Spec §2: search by title, case-insensitive. */
export function filterGamesByTitle(games: Game[], search: string): Game[] {
  const q = search.trim().toLowerCase();
  return q ? games.filter((g) => g.title.toLowerCase().includes(q)) : games;
}

/** Category name from the categories list, else the game's own, else 'Unknown' (spec §2). */
export function categoryName(game: Game, categories: Category[] | undefined): string {
  return categories?.find((c) => c.id === game.categoryId)?.name ?? (game.category || "Unknown");
}

const COLUMNS = 6;

export function GamesTable({
  games,
  categories,
  loading,
  onEdit,
  onDelete,
}: {
  games: Game[] | undefined;
  categories: Category[] | undefined;
  loading: boolean;
  onEdit: (g: Game) => void;
  onDelete: (g: Game) => void;
}) {
  return (
    <DataTable label="Games">
      <thead>
        <tr>
          <Th>Title</Th>
          <Th>Category</Th>
          <Th>Status</Th>
          <Th className="text-right">Plays</Th>
          <Th>Rating</Th>
          <Th sticky className="text-right">Actions</Th>
        </tr>
      </thead>
      <tbody>
        {loading ? (
          <SkeletonRows columns={COLUMNS} />
        ) : !games || games.length === 0 ? (
          <MessageRow columns={COLUMNS}>No games found.</MessageRow>
        ) : (
          games.map((g) => (
            <Tr key={g.id}>
              <Td className="min-w-56">
                <div className="flex items-center gap-3">
                  <ImagePreview src={g.imageUrl} alt="" className="size-10" />
                  <div className="min-w-0">
                    <p className="truncate font-medium">{g.title}</p>
                    <p className="truncate text-xs text-muted-foreground">{g.developer}</p>
                  </div>
                </div>
              </Td>
              <Td className="whitespace-nowrap">{categoryName(g, categories)}</Td>
              <Td>
                <div className="flex flex-wrap gap-1">
                  {g.isFeatured ? <Badge variant="featured">Featured</Badge> : null}
                  {g.plays > HOT_PLAYS ? <Badge variant="hot">Hot</Badge> : null}
                  {!g.isFeatured && g.plays <= HOT_PLAYS ? <span className="text-muted-foreground">—</span> : null}
                </div>
              </Td>
              <Td className="text-right tabular-nums">{formatNumber(g.plays)}</Td>
              <Td className="whitespace-nowrap tabular-nums">{ratingOutOfFive(g.rating)}/5</Td>
              <Td sticky>
                <div className="flex justify-end gap-1">
                  <Button asChild variant="ghost" size="icon" className="size-8">
                    <a href={`/game/${g.id}`} target="_blank" rel="noopener noreferrer" aria-label={`Open ${g.title} on the site`} title="Open on the site">
                      <ExternalLink aria-hidden="true" className="size-4" />
                    </a>
                  </Button>
                  <Button variant="ghost" size="icon" className="size-8" aria-label={`Edit ${g.title}`} title="Edit" onClick={() => onEdit(g)}>
                    <Pencil aria-hidden="true" className="size-4" />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    className="size-8 text-destructive hover:bg-destructive/10 hover:text-destructive"
                    aria-label={`Delete ${g.title}`}
                    title="Delete"
                    onClick={() => onDelete(g)}
                  >
                    <Trash2 aria-hidden="true" className="size-4" />
                  </Button>
                </div>
              </Td>
            </Tr>
          ))
        )}
      </tbody>
    </DataTable>
  );
}
