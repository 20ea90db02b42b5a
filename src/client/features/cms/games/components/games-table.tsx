import { EyeOff } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import {
  ACTIONS_COLUMN,
  AdminTable,
  RowActions,
  ThumbnailCell,
  type AdminColumn,
} from "@/features/cms/shared/components/admin-table";
import { Td, Tr } from "@/features/cms/shared/components/data-table";
import { formatNumber, ratingOutOfFive } from "@/lib/format";
import { GAME_HIDDEN_LABELS, type AdminGame } from "@contract/admin/games";
import type { Category } from "@contract/categories";
import type { Game } from "@contract/games";
import { PackageInfo } from "./package-info";

/** Spec §2: 'Hot' in admin when plays exceed 10000. */
export const HOT_PLAYS = 10000;

/** Category name from the categories list, else the game's own, else 'Unknown' (spec §2). */
export function categoryName(game: Game, categories: Category[] | undefined): string {
  return categories?.find((c) => c.id === game.categoryId)?.name ?? (game.category || "Unknown");
}

/** D113, D114: why players cannot see the game ("Hidden: gone from its feed"), or nothing while it is shown. */
export function HiddenBadge({ game }: { game: Pick<AdminGame, "hiddenReason"> }) {
  if (!game.hiddenReason) return null;
  return (
    <Badge variant="outline" className="text-muted-foreground">
      <EyeOff aria-hidden="true" />
      {GAME_HIDDEN_LABELS[game.hiddenReason]}
    </Badge>
  );
}

const COLUMNS: AdminColumn[] = [
  { header: "Title" },
  { header: "Category" },
  { header: "Status" },
  { header: "Package" },
  { header: "Plays", className: "text-right" },
  { header: "Rating" },
  ACTIONS_COLUMN,
];

export function GamesTable({
  games,
  categories,
  loading,
  onEdit,
  onDelete,
}: {
  games: AdminGame[] | undefined;
  categories: Category[] | undefined;
  loading: boolean;
  onEdit: (g: AdminGame) => void;
  onDelete: (g: AdminGame) => void;
}) {
  return (
    <AdminTable
      label="Games"
      columns={COLUMNS}
      rows={games}
      loading={loading}
      empty="No games found."
      renderRow={(g) => (
        <Tr key={g.id}>
          <ThumbnailCell src={g.imageUrl} className="min-w-56">
            <div className="min-w-0">
              <p className="truncate font-medium">{g.title}</p>
              <p className="truncate text-xs text-muted-foreground">{g.developer}</p>
            </div>
          </ThumbnailCell>
          <Td className="whitespace-nowrap">{categoryName(g, categories)}</Td>
          <Td>
            <div className="flex flex-wrap gap-1">
              <HiddenBadge game={g} />
              {g.isFeatured ? <Badge variant="featured">Featured</Badge> : null}
              {g.plays > HOT_PLAYS ? <Badge variant="hot">Hot</Badge> : null}
              {!g.hiddenReason && !g.isFeatured && g.plays <= HOT_PLAYS ? (
                <span className="text-muted-foreground">—</span>
              ) : null}
            </div>
          </Td>
          <Td>
            <PackageInfo game={g} />
          </Td>
          <Td className="text-right tabular-nums">{formatNumber(g.plays)}</Td>
          <Td className="whitespace-nowrap tabular-nums">{ratingOutOfFive(g.rating)}/5</Td>
          <RowActions
            name={g.title}
            href={`/game/${g.id}`}
            numbersHref={`~/cms/games/${g.id}/numbers`}
            onEdit={() => onEdit(g)}
            onDelete={() => onDelete(g)}
          />
        </Tr>
      )}
    />
  );
}
