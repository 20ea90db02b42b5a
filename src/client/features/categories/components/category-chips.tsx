import { Gamepad2 } from "lucide-react";
import { Link } from "wouter";
import { SectionHeading } from "@/components/section-heading";
import { Skeleton } from "@/components/ui/skeleton";
import { useCategories } from "../api/get-categories";

/** Spec §4: chip skeletons while the categories load. */
export const CATEGORY_CHIP_SKELETONS = 5;

/** Home: 'Browse by Category', one chip per category with its game count. */
export function CategoryChips() {
  const categories = useCategories();
  return (
    <section aria-labelledby="categories-title">
      <SectionHeading id="categories-title" title="Browse by Category" />
      {categories.isError ? <p className="text-sm text-muted-foreground">Failed to load categories</p> : null}
      <ul className="flex flex-wrap gap-3">
        {categories.isPending
          ? Array.from({ length: CATEGORY_CHIP_SKELETONS }, (_, i) => (
              <li key={i}>
                <Skeleton data-testid="category-skeleton" className="h-11 w-32 rounded-full" />
              </li>
            ))
          : (categories.data ?? []).map((c) => (
              <li key={c.slug}>
                <Link
                  href={`/category/${c.slug}`}
                  className="inline-flex h-11 items-center gap-2 rounded-full border bg-card px-4 text-sm font-medium shadow-sm transition-all hover:-translate-y-0.5 hover:border-primary/50 hover:text-primary hover:shadow-md outline-none focus-visible:ring-2 focus-visible:ring-ring"
                >
                  <Gamepad2 className="size-4 text-primary" aria-hidden="true" />
                  {c.name}
                  <span className="rounded-full bg-muted px-2 py-0.5 text-xs text-muted-foreground">{c.gameCount}</span>
                </Link>
              </li>
            ))}
      </ul>
    </section>
  );
}
