import type { StorageRow } from "../rich-text";

/** The cookie policy's cookies and storage: cards on phones, a table from 640 px. */
export function StorageTable({ rows, caption }: { rows: readonly StorageRow[]; caption: string }) {
  return (
    <>
      <dl className="grid gap-3 sm:hidden">
        {rows.map((r) => (
          <div key={r.name} className="rounded-xl border bg-card p-4 text-sm">
            <dt className="font-mono text-xs font-semibold text-foreground">{r.name}</dt>
            <dd className="mt-1 text-muted-foreground">
              {r.kind} · {r.lasts}
            </dd>
            <dd className="mt-2">{r.purpose}</dd>
          </div>
        ))}
      </dl>
      <div className="hidden overflow-x-auto rounded-xl border sm:block">
        <table className="w-full min-w-[36rem] text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-muted/60 text-xs uppercase tracking-wide text-muted-foreground">
            <tr>
              <th scope="col" className="px-4 py-2.5 font-semibold">
                Name
              </th>
              <th scope="col" className="px-4 py-2.5 font-semibold">
                Type
              </th>
              <th scope="col" className="px-4 py-2.5 font-semibold">
                Purpose
              </th>
              <th scope="col" className="px-4 py-2.5 font-semibold">
                Lasts
              </th>
            </tr>
          </thead>
          <tbody className="divide-y">
            {rows.map((r) => (
              <tr key={r.name}>
                <td className="px-4 py-3 font-mono text-xs font-semibold text-foreground">{r.name}</td>
                <td className="px-4 py-3">{r.kind}</td>
                <td className="px-4 py-3">{r.purpose}</td>
                <td className="whitespace-nowrap px-4 py-3">{r.lasts}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
