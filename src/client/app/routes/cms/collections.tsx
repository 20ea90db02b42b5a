import { LayoutGrid } from "lucide-react";
import { useState } from "react";
import { useDeleteCollection } from "@/features/cms/collections/api/delete-collection";
import { useAdminCollections } from "@/features/cms/collections/api/get-admin-collections";
import { CollectionDialog } from "@/features/cms/collections/components/collection-dialog";
import {
  ACTIONS_COLUMN,
  AdminTable,
  RowActions,
  ThumbnailCell,
  type AdminColumn,
} from "@/features/cms/shared/components/admin-table";
import { CmsPageHeader } from "@/features/cms/shared/components/cms-page-header";
import { ConfirmDialog } from "@/features/cms/shared/components/confirm-dialog";
import { Td, Tr } from "@/features/cms/shared/components/data-table";
import { AddButton, LoadError, toastOutcome } from "@/features/cms/shared/components/list-screen";
import { formatNumber } from "@/lib/format";
import type { Collection } from "@contract/collections";

const COLUMNS: AdminColumn[] = [
  { header: "Collection" },
  { header: "Slug" },
  { header: "Description" },
  { header: "Order", className: "text-right" },
  { header: "Games", className: "text-right" },
  ACTIONS_COLUMN,
];

/**
 * /cms/collections (D83): the home page's 'All Your Favorite Gaming Experiences' tiles. Add, edit (title, slug,
 * description, picture, order) and delete; games are tagged in each game's form. Deleting keeps the games.
 */
export function CmsCollectionsScreen() {
  const collections = useAdminCollections();
  // undefined = dialog closed, null = adding
  const [editing, setEditing] = useState<Collection | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<Collection | null>(null);
  const del = useDeleteCollection();

  function confirmDelete() {
    if (!deleting) return;
    del.mutate(
      deleting.id,
      toastOutcome("Collection deleted", "Failed to delete collection", () => setDeleting(null)),
    );
  }

  return (
    <>
      <CmsPageHeader
        title="Collections"
        description="The home page's tiles. Tag games with them in each game's form."
        icon={<LayoutGrid />}
        actions={<AddButton onClick={() => setEditing(null)}>Add Collection</AddButton>}
      />
      <LoadError what="collections" query={collections} />
      <AdminTable
        label="Collections"
        columns={COLUMNS}
        rows={collections.data}
        loading={collections.isPending}
        empty="No collections yet."
        renderRow={(c) => (
          <Tr key={c.id}>
            <ThumbnailCell src={c.imageUrl} className="min-w-48">
              <span className="font-medium">{c.title}</span>
            </ThumbnailCell>
            <Td>
              <code className="rounded bg-muted px-1.5 py-0.5 text-xs">{c.slug}</code>
            </Td>
            <Td className="min-w-56 max-w-md text-muted-foreground">
              <span className="line-clamp-2">{c.description || "—"}</span>
            </Td>
            <Td className="text-right tabular-nums">{c.sortOrder}</Td>
            <Td className="text-right tabular-nums">{formatNumber(c.gameCount)}</Td>
            <RowActions
              name={c.title}
              href={`/collection/${c.slug}`}
              onEdit={() => setEditing(c)}
              onDelete={() => setDeleting(c)}
            />
          </Tr>
        )}
      />
      <CollectionDialog collection={editing} onOpenChange={(o) => !o && setEditing(undefined)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => !o && !del.isPending && setDeleting(null)}
        title="Delete collection"
        description={
          deleting
            ? `Are you sure you want to delete "${deleting.title}"? Its ${deleting.gameCount === 1 ? "game stays" : "games stay"} on the site; only the tile and its page go. This action cannot be undone.`
            : ""
        }
        pending={del.isPending}
        onConfirm={confirmDelete}
      />
    </>
  );
}
