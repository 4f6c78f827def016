// The audit log, newest first, a page at a time (the server pages by cursor).
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiPost, type ApiError, type AuditEvent } from '@helio/shared-utils';
import { auditQueryOf, type AuditFilter } from './audit-filter';

export const AUDIT_KEY = ['iam', 'audit'] as const;

interface AuditPage {
  events: AuditEvent[];
  nextCursor: string | null;
}

export function useAuditLog(filter: AuditFilter) {
  return useInfiniteQuery<AuditPage, ApiError, AuditEvent[], readonly unknown[], string | undefined>({
    queryKey: [...AUDIT_KEY, filter],
    queryFn: ({ pageParam, signal }) => apiPost('audit/list', auditQueryOf(filter, pageParam), { signal }),
    initialPageParam: undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    select: (data) => data.pages.flatMap((page) => page.events),
  });
}
