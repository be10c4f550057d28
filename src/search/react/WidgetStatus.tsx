import type { WidgetQueryResult } from './useWidgetData.ts';

/** Announces loading and shows a failure (never a cancellation); renders nothing otherwise. */
export function WidgetStatus({ queryResult }: { queryResult: WidgetQueryResult<unknown> }) {
  if (queryResult.isError) return <p className="search-error" role="alert">{queryResult.error?.message}</p>;
  if (queryResult.isLoading) return <p className="search-loading" role="status">Loading…</p>;
  return null;
}
