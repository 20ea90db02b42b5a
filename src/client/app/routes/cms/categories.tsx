import { FolderTree } from "lucide-react";
import { useState } from "react";
import { useDeleteCategory } from "@/features/cms/categories/api/delete-category";
import { useAdminCategories } from "@/features/cms/categories/api/get-admin-categories";
import { CategoryDialog } from "@/features/cms/categories/components/category-dialog";
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
import { SearchInput } from "@/features/cms/shared/components/search-input";
import { formatNumber } from "@/lib/format";
import type { Category } from "@contract/categories";

/** Spec §2: search by name or description (case-insensitive). */
export function filterCategories(categories: Category[], search: string): Category[] {
  const q = search.trim().toLowerCase();
  return q
    ? categories.filter((c) => c.name.toLowerCase().includes(q) || c.description.toLowerCase().includes(q))
    : categories;
}

/** Spec §2 delete warning (singular for one game, as the server's 409 message). */
export function categoryGamesWarning(n: number): string {
  return `This category contains ${n} ${n === 1 ? "game" : "games"}. You must reassign or delete those games first.`;
}

const COLUMNS: AdminColumn[] = [
  { header: "Category Name" },
  { header: "Slug" },
  { header: "Description" },
  { header: "Games", className: "text-right" },
  ACTIONS_COLUMN,
];

/** /cms/categories (D46): Add and Edit work; delete is blocked while the category has games. */
export function CmsCategoriesScreen() {
  const categories = useAdminCategories();
  const [search, setSearch] = useState("");
  // undefined = dialog closed, null = adding
  const [editing, setEditing] = useState<Category | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<Category | null>(null);
  const del = useDeleteCategory();
  const shown = categories.data ? filterCategories(categories.data, search) : undefined;
  // The count shown in the dialog follows the latest list (a game may have been added meanwhile).
  const deletingNow = deleting ? (categories.data?.find((c) => c.id === deleting.id) ?? deleting) : null;

  function confirmDelete() {
    if (!deletingNow) return;
    del.mutate(
      deletingNow.id,
      toastOutcome("Category deleted", "Failed to delete category", () => setDeleting(null)),
    );
  }

  return (
    <>
      <CmsPageHeader
        title="Categories"
        description="Organise games into categories."
        icon={<FolderTree />}
        actions={<AddButton onClick={() => setEditing(null)}>Add Category</AddButton>}
      />
      <SearchInput
        value={search}
        onChange={setSearch}
        label="Search categories by name or description"
        placeholder="Search categories..."
      />
      <LoadError what="categories" query={categories} />
      <AdminTable
        label="Categories"
        columns={COLUMNS}
        rows={shown}
        loading={categories.isPending}
        empty="No categories found."
        renderRow={(c) => (
          <Tr key={c.id}>
            <ThumbnailCell src={c.imageUrl} className="min-w-48">
              <span className="font-medium">{c.name}</span>
            </ThumbnailCell>
            <Td>
              <code className="rounded bg-muted px-1.5 py-0.5 text-xs">{c.slug}</code>
            </Td>
            <Td className="min-w-56 max-w-md text-muted-foreground">
              <span className="line-clamp-2">{c.description || "—"}</span>
            </Td>
            <Td className="text-right tabular-nums">{formatNumber(c.gameCount)}</Td>
            <RowActions
              name={c.name}
              href={`/category/${c.slug}`}
              onEdit={() => setEditing(c)}
              onDelete={() => setDeleting(c)}
            />
          </Tr>
        )}
      />
      <CategoryDialog category={editing} onOpenChange={(o) => !o && setEditing(undefined)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => !o && !del.isPending && setDeleting(null)}
        title="Delete category"
        description={
          deletingNow
            ? deletingNow.gameCount > 0
              ? categoryGamesWarning(deletingNow.gameCount)
              : `Are you sure you want to delete "${deletingNow.name}"? This action cannot be undone.`
            : ""
        }
        blocked={(deletingNow?.gameCount ?? 0) > 0}
        pending={del.isPending}
        onConfirm={confirmDelete}
      />
    </>
  );
}
