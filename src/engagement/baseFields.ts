import { inferLanguage } from './inferLanguage.ts';
import { inferPage } from './inferPage.ts';
import { resolvePointOfSale } from './resolvePointOfSale.ts';
import type { EventContext } from './types.ts';

/** The fields added to every event, last, so they win on a name clash. */
export interface BaseFields {
  browser_id: string;
  channel?: string;
  client_key: string;
  currency?: string;
  language?: string;
  page?: string;
  pos: string;
}

/**
 * Resolves the point of sale first (`MV-0003`), then the base fields. `infer` fills a
 * missing language and page from the document; FORM events and queued events (whose
 * page and language were fixed when queued) pass false.
 */
export function baseFields(data: Record<string, unknown>, context: EventContext, infer: boolean): BaseFields {
  const pos = resolvePointOfSale(data.pointOfSale, context.pointOfSale);
  return {
    browser_id: context.browserId,
    channel: data.channel as string | undefined,
    client_key: context.clientKey,
    currency: data.currency as string | undefined,
    language: (data.language ?? (infer ? inferLanguage() : undefined)) as string | undefined,
    page: (data.page ?? (infer ? inferPage() : undefined)) as string | undefined,
    pos,
  };
}
