import type { ArticleSummary, RequestKind } from '@vaggen/contract';

/** An article's public address, for every feature that links to one (spec 000 §2). */
export const articlePath = (a: Pick<ArticleSummary, 'slug'>) => `/article/${encodeURIComponent(a.slug)}`;

/** Where a writer or admin request is sent, and approved or rejected under (spec 000 §7). */
export const ROLE_REQUEST_API: Record<RequestKind, string> = {
  admin: '/api/admin/request',
  writer: '/api/user/request-writer',
};
