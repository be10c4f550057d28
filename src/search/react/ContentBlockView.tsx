import { ItemLink } from './ItemLink.tsx';
import { useContentBlock } from './useContentBlock.ts';
import { WidgetStatus } from './WidgetStatus.tsx';

/** Default content-block renderer: the block's sanitized HTML when it has a template, else its items as links. */
export function ContentBlockView() {
  const { widgetRef, queryResult, html, actions } = useContentBlock();
  return (
    <div ref={widgetRef} className="search-content-block">
      <WidgetStatus queryResult={queryResult} />
      {html ? (
        <div className="search-content-block__content" dangerouslySetInnerHTML={{ __html: html }} />
      ) : (
        <ul className="search-content-block__items">
          {queryResult.data?.content?.map((item, i) => (
            <li key={item.id} className="search-item"><ItemLink item={item} index={i} onItemClick={actions.onItemClick} /></li>
          ))}
        </ul>
      )}
    </div>
  );
}
