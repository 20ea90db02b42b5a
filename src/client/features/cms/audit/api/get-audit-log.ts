import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { useIsAdmin } from "@/features/cms/shared/api/get-admin-user";
import { adminKeys } from "@/features/cms/shared/api/keys";
import { getJson, withQuery } from "@/lib/api-client";
import { AUDIT_PAGE, type AuditPage } from "@contract/audit-constants";

/**
 * D99: the audit log's filters, as GET /api/admin/audit takes them (empty: not filtered). `action` is an action or a
 * prefix ending in "." (a family, e.g. `user.`); `from` is an ISO date-time.
 */
export type AuditFilters = { action: string; actorId: string; targetKind: string; from: string };
export const NO_AUDIT_FILTERS: AuditFilters = { action: "", actorId: "", targetKind: "", from: "" };

/** GET /api/admin/audit?…&before=&limit= → {items, nextBefore}: newest first, a page at a time (admins only). */
export function auditUrl(filters: AuditFilters, before?: number): string {
  return withQuery("/api/admin/audit", { ...filters, before, limit: AUDIT_PAGE.default });
}

export const auditLogQueryOptions = (filters: AuditFilters) =>
  infiniteQueryOptions({
    queryKey: adminKeys.audit(filters),
    queryFn: ({ pageParam, signal }) => getJson<AuditPage>(auditUrl(filters, pageParam), { signal }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.nextBefore ?? undefined,
    placeholderData: keepPreviousData,
  });

export function useAuditLog(filters: AuditFilters) {
  const isAdmin = useIsAdmin();
  return useInfiniteQuery({ ...auditLogQueryOptions(filters), enabled: isAdmin });
}
