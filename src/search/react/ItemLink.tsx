import { safeLinkTarget } from '../../core/urlGuard.ts';
import type { ContentItem } from '../types.ts';

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
