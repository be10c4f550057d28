import { ItemLink } from './ItemLink.tsx';
import { useRecommendation, type UseRecommendationOptions } from './useRecommendation.ts';
import { WidgetStatus } from './WidgetStatus.tsx';

/** Default recommendation renderer (unstyled, `search-recommendation*` class names): a titled list of items. */
export function RecommendationView({ title = 'Recommended for you', ...options }: UseRecommendationOptions & { title?: string }) {
  const { widgetRef, queryResult, actions } = useRecommendation(options);
  return (
    <section ref={widgetRef} className="search-recommendation" aria-label={title}>
      <h2 className="search-recommendation__title">{title}</h2>
      <WidgetStatus queryResult={queryResult} />
      <ul className="search-recommendation__items">
        {queryResult.data?.content.map((item, i) => (
          <li key={item.id} className="search-item"><ItemLink item={item} index={i} onItemClick={actions.onItemClick} image /></li>
        ))}
      </ul>
    </section>
  );
}
