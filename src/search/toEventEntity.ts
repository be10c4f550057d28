import type { ContentItem, EventEntity } from './types.ts';

/**
 * Turns a result item into an event entity: `id`, `entity_type`, and where the item
 * has them `entity_subtype` (its `type`), `uri` (its `url`), `source_id`, `variant`
 * and `attributes`.
 */
export function toEventEntity(item: ContentItem, entityType: string): EventEntity {
  return {
    id: item.id,
    entity_type: entityType,
    ...(typeof item.type === 'string' ? { entity_subtype: item.type } : {}),
    ...(typeof item.url === 'string' ? { uri: item.url } : {}),
    ...(typeof item.source_id === 'string' ? { source_id: item.source_id } : {}),
    ...(typeof item.variant === 'string' ? { variant: item.variant } : {}),
    ...(isRecord(item.attributes) ? { attributes: item.attributes } : {}),
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
