// The parts every default renderer of a widget that lists items shares: its status (loading, or a
// failure with a retry) and the link of one item.
import { useEffect } from 'react';
import { safeLinkTarget } from '../../core/urlGuard.ts';
import { searchMessages } from '../errors.ts';
import type { ContentItem } from '../types.ts';
import { useWidgetLabels } from './labels.ts';
import { useWidget, useWidgetsContext } from './provider.tsx';
import type { WidgetQueryResult } from './useWidgetData.ts';

// Failures already logged: a widget's error is one object however many components show it, and
// StrictMode runs each effect twice.
const logged = new WeakSet<Error>();

// Logs the widget's own failure once, for whoever debugs it: the service's message or the layer's
// (a widget missing from the answer). A failure without a message of its own (no answer, or an error
// answer without one) is the service call's, which the client logged already with its cause.
function useFailureLog(error: Error | null) {
  const { client } = useWidgetsContext();
  const { rfkId } = useWidget();
  useEffect(() => {
    if (!error || logged.has(error) || error.message === searchMessages.serviceCallProblem) return;
    logged.add(error);
    client.logger.error(searchMessages.serviceCallProblem, { widget: rfkId, message: error.message });
  }, [error, client, rfkId]);
}

/**
 * Announces loading and shows a failure (never a cancellation) as the labels' `serviceProblem`
 * sentence with a button that asks again, the failure's own message going to the layer's log;
 * renders nothing otherwise. For a widget's renderer (inside `widget()`).
 */
export function WidgetStatus({ queryResult }: { queryResult: WidgetQueryResult<unknown> }) {
  const labels = useWidgetLabels();
  useFailureLog(queryResult.isError ? queryResult.error : null);
  if (queryResult.isError)
    return (
      <div className="search-error">
        <p role="alert">{labels.serviceProblem}</p>
        <button type="button" disabled={queryResult.isFetching} onClick={() => void queryResult.refetch()}>
          {queryResult.isFetching ? labels.tryingAgain : labels.tryAgain}
        </button>
      </div>
    );
  if (queryResult.isLoading)
    return (
      <p className="search-loading" role="status">
        {labels.loading}
      </p>
    );
  return null;
}

/** Props of {@link ItemLink}. */
export interface ItemLinkProps {
  item: ContentItem;
  index: number;
  onItemClick: (payload: { id: string; index: number }) => void;
  /** Show the item's image. Defaults to false. */
  image?: boolean;
}

/**
 * One result item as a link (only to a safe URL; plain text otherwise), its image
 * (decorative: the name is the link text) and description. Reports the click
 * without stopping navigation.
 */
export function ItemLink({ item, index, onItemClick, image = false }: ItemLinkProps) {
  const href = safeLinkTarget(item.url);
  const src = image ? safeLinkTarget(item.image_url) : undefined;
  const name = typeof item.name === 'string' ? item.name : item.id;
  return (
    <>
      {src && <img className="search-item__image" src={src} alt="" loading="lazy" />}
      {href ? (
        <a className="search-item__link" href={href} onClick={() => onItemClick({ id: item.id, index })}>
          {name}
        </a>
      ) : (
        <span className="search-item__name">{name}</span>
      )}
      {typeof item.description === 'string' && <p className="search-item__description">{item.description}</p>}
    </>
  );
}
