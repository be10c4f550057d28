import { useCallback, useEffect, useRef } from 'react';
import { searchMessages } from '../errors.ts';
import { trackingEvents } from '../trackingEvents.ts';
import type { Widget } from '../types.ts';
import { itemsOf } from './useWidgetData.ts';
import { useWidgetsContext } from './WidgetsProvider.tsx';
import type { WidgetIdentity } from './widget.tsx';

/** Payload of an item click. */
export interface ItemClickPayload {
  /** The clicked item's id. */
  id: string;
  /** Its 0-based position in the widget. */
  index: number;
}

/**
 * An `onItemClick({ id, index })` that reports `actionType` on the event bus and
 * sends the widget click event. An invalid payload is skipped with the reference
 * warning (`trackEvent :::`, …).
 */
export function useItemClick(widget: WidgetIdentity, actionType: string, data: Widget | undefined): (payload: ItemClickPayload) => void {
  const { client } = useWidgetsContext();
  const latest = useRef(data);
  useEffect(() => {
    latest.current = data;
  }, [data]);
  return useCallback(
    (payload: ItemClickPayload) => {
      if (typeof payload?.id !== 'string' || payload.id === '') return client.logger.warn(searchMessages.trackPrefix, searchMessages.trackEntityFieldMissing);
      if (!Number.isInteger(payload.index) || payload.index < 0) return client.logger.warn(searchMessages.trackPrefix, searchMessages.trackIndexMissing);
      client.events.dispatch({ type: actionType, rfkId: widget.rfkId, entity: widget.entity, widgetType: widget.type, instanceId: widget.instanceId, payload });
      const shown = itemsOf(latest.current)[payload.index];
      const item = shown?.id === payload.id ? shown : { id: payload.id };
      void client.trackEvent(trackingEvents.widgetItemClick(widget, payload.index, item));
    },
    [client, widget, actionType],
  );
}
