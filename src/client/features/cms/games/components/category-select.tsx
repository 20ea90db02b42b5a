import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { useAdminCategories } from "@/features/cms/categories/api/get-admin-categories";

/** The category picker of the game dialogs (values are category ids as strings). */
export function CategorySelect({ id, value, onChange }: { id: string; value: string; onChange: (v: string) => void }) {
  const { data: categories = [], isPending } = useAdminCategories();
  return (
    <Select value={value} onValueChange={onChange}>
      <SelectTrigger id={id} aria-label="Category">
        <SelectValue placeholder={isPending ? "Loading categories..." : "Select a category"} />
      </SelectTrigger>
      <SelectContent>
        {categories.map((c) => (
          <SelectItem key={c.id} value={String(c.id)}>
            {c.name}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
