import { ExternalLink, FolderTree, Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import type { Category } from "@contract/categories";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { errorMessage } from "@/lib/api-client";
import { formatNumber } from "@/lib/format";
import { useAdminCategories } from "@/features/cms/api/get-admin-categories";
import { useDeleteCategory } from "@/features/cms/api/delete-category";
import { CategoryDialog } from "@/features/cms/components/category-dialog";
import { CmsPageHeader } from "@/features/cms/components/cms-page-header";
import { ConfirmDialog } from "@/features/cms/components/confirm-dialog";
import { DataTable, MessageRow, SkeletonRows, Td, Th, Tr } from "@/features/cms/components/data-table";
import { ImagePreview } from "@/features/cms/components/image-field";
import { SearchInput } from "@/features/cms/components/search-input";

/** Spec §2: search by name or description (case-insensitive). */
export function filterCategories(categories: Category[], search: string): Category[] {
  const q = search.trim().toLowerCase();
  return q ? categories.filter((c) => c.name.toLowerCase().includes(q) || c.description.toLowerCase().includes(q)) : categories;
}

/** Spec §2 delete warning (singular for one game, as the server's 409 message). */
export function categoryGamesWarning(n: number): string {
  return `This category contains ${n} ${n === 1 ? "game" : "games"}. You must reassign or delete those games first.`;
}

const COLUMNS = 5;

/** /cms/categories (spec §2; D46): Add and Edit work; delete is blocked while the category has games. */
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
    del.mutate(deletingNow.id, {
      onSuccess: () => {
        toast({ title: "Category deleted" });
        setDeleting(null);
      },
      onError: (err) => toast({ title: "Error", description: `Failed to delete category: ${errorMessage(err)}`, variant: "destructive" }),
    });
  }

  return (
    <>
      <CmsPageHeader
        title="Categories"
        description="Organise games into categories."
        icon={<FolderTree />}
        actions={
          <Button variant="gradient" onClick={() => setEditing(null)}>
            <Plus aria-hidden="true" />
            Add Category
          </Button>
        }
      />
      <SearchInput value={search} onChange={setSearch} label="Search categories by name or description" placeholder="Search categories..." />
      {categories.isError ? (
        <p role="alert" className="text-sm text-destructive">
          Failed to load categories: {errorMessage(categories.error)}
        </p>
      ) : null}
      <DataTable label="Categories">
        <thead>
          <tr>
            <Th>Category Name</Th>
            <Th>Slug</Th>
            <Th>Description</Th>
            <Th className="text-right">Games</Th>
            <Th sticky className="text-right">Actions</Th>
          </tr>
        </thead>
        <tbody>
          {categories.isPending ? (
            <SkeletonRows columns={COLUMNS} />
          ) : !shown || shown.length === 0 ? (
            <MessageRow columns={COLUMNS}>No categories found.</MessageRow>
          ) : (
            shown.map((c) => (
              <Tr key={c.id}>
                <Td className="min-w-48">
                  <div className="flex items-center gap-3">
                    <ImagePreview src={c.imageUrl} alt="" className="size-10" />
                    <span className="font-medium">{c.name}</span>
                  </div>
                </Td>
                <Td>
                  <code className="rounded bg-muted px-1.5 py-0.5 text-xs">{c.slug}</code>
                </Td>
                <Td className="min-w-56 max-w-md text-muted-foreground">
                  <span className="line-clamp-2">{c.description || "—"}</span>
                </Td>
                <Td className="text-right tabular-nums">{formatNumber(c.gameCount)}</Td>
                <Td sticky>
                  <div className="flex justify-end gap-1">
                    <Button asChild variant="ghost" size="icon" className="size-8">
                      <a href={`/category/${c.slug}`} target="_blank" rel="noopener noreferrer" aria-label={`Open ${c.name} on the site`} title="Open on the site">
                        <ExternalLink aria-hidden="true" className="size-4" />
                      </a>
                    </Button>
                    <Button variant="ghost" size="icon" className="size-8" aria-label={`Edit ${c.name}`} title="Edit" onClick={() => setEditing(c)}>
                      <Pencil aria-hidden="true" className="size-4" />
                    </Button>
                    <Button
                      variant="ghost"
                      size="icon"
                      className="size-8 text-destructive hover:bg-destructive/10 hover:text-destructive"
                      aria-label={`Delete ${c.name}`}
                      title="Delete"
                      onClick={() => setDeleting(c)}
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
