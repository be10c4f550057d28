import type { ContentItem, EventEntity } from './types.ts';

/** Turns a result item into an event entity (`id`, `entity_type`, subtype, `uri`, `source_id`). */
export function toEventEntity(item: ContentItem, entityType: string): EventEntity {
  return {
    id: item.id,
    entity_type: entityType,
    ...(typeof item.type === 'string' ? { entity_subtype: item.type } : {}),
    ...(typeof item.url === 'string' ? { uri: item.url } : {}),
    ...(typeof item.source_id === 'string' ? { source_id: item.source_id } : {}),
  };
}
