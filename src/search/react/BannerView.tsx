import { safeLinkTarget } from '../../core/urlGuard.ts';
import { useBanner } from './useBanner.ts';
import { WidgetStatus } from './WidgetStatus.tsx';

/** Default banner renderer: the banner's sanitized HTML when it has a template, else its items as image links. */
export function BannerView() {
  const { widgetRef, queryResult, html, actions } = useBanner();
  return (
    <aside ref={widgetRef} className="search-banner" aria-label="Promotion">
      <WidgetStatus queryResult={queryResult} />
      {html ? (
        <div className="search-banner__content" dangerouslySetInnerHTML={{ __html: html }} />
      ) : (
        queryResult.data?.content?.map((item, i) => {
          const href = safeLinkTarget(item.url);
          const src = safeLinkTarget(item.image_url);
          const name = typeof item.name === 'string' ? item.name : item.id;
          const body = <>{src && <img src={src} alt="" />}<span>{name}</span></>;
          return href ? (
            <a key={item.id} className="search-banner__item" href={href} onClick={() => actions.onItemClick({ id: item.id, index: i })}>{body}</a>
          ) : (
            <div key={item.id} className="search-banner__item">{body}</div>
          );
        })
      )}
    </aside>
  );
}
