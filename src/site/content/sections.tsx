import { useId } from 'react';
import type { ContentComponentProps, Fields } from './renderingContext.ts';
import { ContentImage, ContentLink, ContentText } from './fields.tsx';
import { fieldItemsOf, itemKeys } from './fieldValues.ts';
import { Placeholder } from './placeholder.tsx';
// The search layer's device module alone: its index would bring the whole layer into every page.
import { deviceBreakpoints } from '../../search/device.ts';

// The building blocks editors place on every kind of page: headline, promotions, cards, columns and
// the footer's link groups. Each reads its rendering's fields and params; none reads window or
// document while rendering. Loaded on demand, as every rendering (registry.tsx).

/** `Hero`'s fields. */
type HeroFields = Fields<'heading' | 'text' | 'cta' | 'secondaryLink' | 'image'>;

/**
 * `Hero`: the page's headline (its h1), a sentence, a call to action, an optional second link
 * and the hero image (loaded first: it is the page's largest paint).
 */
export function Hero({ fields }: ContentComponentProps<HeroFields>) {
  const titleId = useId();
  return (
    <section className="hero" aria-labelledby={titleId}>
      <div className="container">
        <div>
          <ContentText tag="h1" id={titleId} field={fields.heading} />
          <ContentText tag="p" field={fields.text} />
          <p>
            <ContentLink className="cta" data-track="cta" field={fields.cta} />{' '}
            <ContentLink field={fields.secondaryLink} />
          </p>
        </div>
        <ContentImage
          field={fields.image}
          widths={[640]}
          sizes={`(min-width: ${deviceBreakpoints.PC_MIN_PX}px) 50vw, 100vw`}
          fetchPriority="high"
        />
      </div>
    </section>
  );
}

/** `PromoCta`'s fields. */
type PromoCtaFields = Fields<'heading' | 'text' | 'link'>;

/** `PromoCta`: a heading, a sentence and a call-to-action link (tracked as a CTA click). */
export function PromoCta({ fields }: ContentComponentProps<PromoCtaFields>) {
  const titleId = useId();
  return (
    <div className="container">
      <section className="card promo" aria-labelledby={titleId}>
        <ContentText tag="h2" id={titleId} field={fields.heading} />
        <ContentText tag="p" field={fields.text} />
        <p>
          <ContentLink className="cta" data-track="cta" field={fields.link} />
        </p>
      </section>
    </div>
  );
}

/** `CapabilityCards`' fields: `cards` an item list (image, title, summary, link). */
type CapabilityCardsFields = Fields<'heading' | 'cards'>;

/** `CapabilityCards`: a heading and a card per capability (image, title, summary, link). */
export function CapabilityCards({ fields }: ContentComponentProps<CapabilityCardsFields>) {
  const titleId = useId();
  const cards = fieldItemsOf(fields.cards);
  const keys = itemKeys(cards);
  return (
    <div className="container">
      <section aria-labelledby={titleId}>
        <ContentText tag="h2" id={titleId} field={fields.heading} />
        <div className="grid">
          {cards.map((card, index) => (
            <article key={keys[index]} className="card">
              <ContentImage field={card.fields.image} loading="lazy" />
              <ContentText tag="h3" field={card.fields.title} />
              <ContentText tag="p" field={card.fields.summary} />
              <ContentLink field={card.fields.link} />
            </article>
          ))}
        </div>
      </section>
    </div>
  );
}

/**
 * `Columns`: a container of two placeholders, `columns-left` and `columns-right`, side by side on wide
 * screens. With the param `DynamicPlaceholderId` (the platform's dynamic placeholders, so two Columns
 * on one page keep their renderings apart) they are `columns-left-<id>` and `columns-right-<id>`.
 */
export function Columns({ rendering, params }: ContentComponentProps<Fields<never>>) {
  const id = params.DynamicPlaceholderId;
  const suffix = id ? `-${id}` : '';
  return (
    <div className="container columns">
      <div>
        <Placeholder name={`columns-left${suffix}`} rendering={rendering} />
      </div>
      <div>
        <Placeholder name={`columns-right${suffix}`} rendering={rendering} />
      </div>
    </div>
  );
}

/** `LinkGroup`'s fields: `links` an item list (link). */
type LinkGroupFields = Fields<'heading' | 'links'>;

/**
 * `LinkGroup`: a titled list of links, as the footer's groups (company, careers, legal) are placed in
 * every route's `jss-footer` placeholder. Every link passes the URL guard (`ContentLink`).
 */
export function LinkGroup({ fields }: ContentComponentProps<LinkGroupFields>) {
  const titleId = useId();
  const links = fieldItemsOf(fields.links);
  const keys = itemKeys(links);
  return (
    <nav className="link-group" aria-labelledby={titleId}>
      <ContentText tag="h2" id={titleId} field={fields.heading} />
      <ul>
        {links.map((item, index) => (
          <li key={keys[index]}>
            <ContentLink field={item.fields.link} />
          </li>
        ))}
      </ul>
    </nav>
  );
}
