import { ChartLine, ExternalLink, Pencil, Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { Button, buttonClasses } from "@/components/ui/button";
import { DataTable, MessageRow, SkeletonRows, Td, Th } from "./data-table";
import { ImagePreview } from "./image-field";

export type AdminColumn = { header: string; className?: string; sticky?: boolean };

/** The last column of every admin table: its cells stay in view while the table scrolls sideways. */
export const ACTIONS_COLUMN: AdminColumn = { header: "Actions", sticky: true, className: "text-right" };

/**
 * An admin list: a header row from `columns`, then skeleton rows while `loading` (or, with
 * `loadingText`, a status message), `empty` when there are no rows, else one `renderRow` a row.
 */
export function AdminTable<T>({
  label,
  columns,
  rows,
  loading,
  loadingText,
  empty,
  renderRow,
}: {
  label: string;
  columns: AdminColumn[];
  rows: T[] | undefined;
  loading: boolean;
  loadingText?: string;
  empty: string;
  renderRow: (row: T) => ReactNode;
}) {
  return (
    <DataTable label={label}>
      <thead>
        <tr>
          {columns.map((c) => (
            <Th key={c.header} sticky={c.sticky} className={c.className}>
              {c.header}
            </Th>
          ))}
        </tr>
      </thead>
      <tbody>
        {loading ? (
          loadingText ? (
            <MessageRow columns={columns.length}>
              <span role="status">{loadingText}</span>
            </MessageRow>
          ) : (
            <SkeletonRows columns={columns.length} />
          )
        ) : !rows || rows.length === 0 ? (
          <MessageRow columns={columns.length}>{empty}</MessageRow>
        ) : (
          rows.map(renderRow)
        )}
      </tbody>
    </DataTable>
  );
}

/** A row's first cell: the item's image, then its name (`children`). */
export function ThumbnailCell({ src, className, children }: { src: string; className: string; children: ReactNode }) {
  return (
    <Td className={className}>
      <div className="flex items-center gap-3">
        <ImagePreview src={src} alt="" className="size-10" />
        {children}
      </div>
    </Td>
  );
}

/** The actions cell of a row: open on the public site (with `href`), edit and delete `name`. */
export function RowActions({
  name,
  href,
  numbersHref,
  onEdit,
  onDelete,
}: {
  name: string;
  href?: string;
  /** D134: the row's numbers screen */
  numbersHref?: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <Td sticky>
      <div className="flex justify-end gap-1">
        {numbersHref ? (
          <Link
            href={numbersHref}
            aria-label={`Numbers of ${name}`}
            title="Numbers"
            className={buttonClasses("ghost", "icon", "size-8")}
          >
            <ChartLine aria-hidden="true" className="size-4" />
          </Link>
        ) : null}
        {href ? (
          <a
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`Open ${name} on the site`}
            title="Open on the site"
            className={buttonClasses("ghost", "icon", "size-8")}
          >
            <ExternalLink aria-hidden="true" className="size-4" />
          </a>
        ) : null}
        <Button
          variant="ghost"
          size="icon"
          className="size-8"
          aria-label={`Edit ${name}`}
          title="Edit"
          onClick={onEdit}
        >
          <Pencil aria-hidden="true" className="size-4" />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          className="size-8 text-destructive hover:bg-destructive/10 hover:text-destructive"
          aria-label={`Delete ${name}`}
          title="Delete"
          onClick={onDelete}
        >
          <Trash2 aria-hidden="true" className="size-4" />
        </Button>
      </div>
    </Td>
  );
}
