import { Suspense, useId } from 'react';
import { type ContentComponentProps, type Fields, useEditing } from './renderingContext.ts';
import { ContentText, useShowsField } from './fields.tsx';
import { textOf } from './fieldValues.ts';
import { usePersonalize } from '../../engagement/react.tsx';
import { SiteRecommendationWidget } from '../searchParts.ts';
import { siteConfig } from '../siteConfig.ts';

// The renderings that show each visitor something of their own: a personalised offer (engagement)
// and recommendations (the search layer, itself loaded on demand). Loaded on demand, as every
// rendering (registry.tsx).

/** `PersonalizedOffer`'s fields. */
type PersonalizedOfferFields = Fields<'heading' | 'fallbackText'>;

/**
 * `PersonalizedOffer`: the editor's default text (`fallbackText`) in place from the first paint, replaced
 * by the visitor's personalised offer (decision `params.friendlyId`) when there is one. The card keeps
 * its size, so the offer arriving, or personalization failing or never answering, moves nothing.
 * Editors in edit mode, who get no personalisation, edit its heading and fallback text in place.
 */
export function PersonalizedOffer({ fields, params }: ContentComponentProps<PersonalizedOfferFields>) {
  const editing = useEditing();
  const personalised = usePersonalize(
    { friendlyId: params.friendlyId ?? '', channel: params.channel ?? 'WEB', currency: params.currency ?? 'GBP' },
    { timeout: siteConfig.deadlines.engagement },
  );
  const offer =
    personalised.data && typeof personalised.data === 'object' ? (personalised.data as Record<string, unknown>) : null;
  // Shown as text, and only when it is text (or a number): an offer is data, never markup or an object.
  const offered = offer?.headline ?? offer?.title;
  const headline = typeof offered === 'string' || typeof offered === 'number' ? String(offered) : undefined;
  return (
    <div className="container">
      <section
        aria-label={textOf(fields.heading)}
        className="card personalized-offer"
        data-personalized={offer ? '' : undefined}
      >
        <ContentText tag="h2" field={fields.heading} />
        {headline === undefined || editing ? <ContentText tag="p" field={fields.fallbackText} /> : <p>{headline}</p>}
      </section>
    </div>
  );
}

/**
 * `RecommendationWidget`: a heading and the search service's recommendations (widget `params.rfkId`).
 * The rendering's heading replaces the widget's own title (one heading per section); without one,
 * the widget's title stays.
 */
export function Recommendations({ fields, params }: ContentComponentProps<Fields<'heading'>>) {
  const titleId = useId();
  const headed = useShowsField(fields.heading);
  return (
    <div className="container">
      <section aria-labelledby={headed ? titleId : undefined}>
        <ContentText tag="h2" id={titleId} field={fields.heading} />
        <Suspense fallback={null}>
          <SiteRecommendationWidget
            rfkId={params.rfkId || siteConfig.widgets.recommendation}
            title={headed ? null : undefined}
          />
        </Suspense>
      </section>
    </div>
  );
}
