import { createContext, useContext, useEffect, useId, useMemo, type ComponentType } from 'react';
import { WidgetActionType } from '../actionTypes.ts';
import { SearchError, searchMessages } from '../errors.ts';
import { isWidgetType, type WidgetType } from '../WidgetDataType.ts';
import { useWidgetsContext } from './WidgetsProvider.tsx';

/** The widget a component renders, as {@link widget} provides it. */
export interface WidgetIdentity {
  rfkId: string;
  type: WidgetType;
  entity: string;
  instanceId: string;
}

/** Props every wrapped widget takes. */
export interface WidgetProps {
  /** The widget's id in the service, e.g. `rfkid_7`. */
  rfkId: string;
  /** Distinguishes instances of the same widget. Defaults to a per-instance id. */
  instanceId?: string;
}

const WidgetContext = createContext<WidgetIdentity | null>(null);
const WRAPPED = Symbol.for('aero-site.search.widget');

/**
 * Makes `Component` a widget of `type` for `entity` (e.g. `content`): it gets the
 * `rfkId` prop, its hooks (`useSearchResults`, …) know which widget they serve, and
 * it reports `core/LOAD` on mount and `core/UNLOAD` on unmount. Throws
 * `Invalid widget type: "{type}"` for an unknown type and
 * `Seems you are trying to wrap an already wrapped Widget component (entity: {entity})`
 * for a component that is already a widget. `entity` defaults to `content`.
 */
export function widget<P extends object>(Component: ComponentType<P>, type: WidgetType, entity = 'content'): ComponentType<P & WidgetProps> {
  if (!isWidgetType(type)) throw new SearchError('INVALID_WIDGET_TYPE', searchMessages.invalidWidgetType(String(type)));
  if ((Component as unknown as Record<symbol, unknown>)[WRAPPED]) throw new SearchError('ALREADY_WRAPPED', searchMessages.alreadyWrapped(entity));
  function Widget(props: P & WidgetProps) {
    const { rfkId, instanceId, ...rest } = props;
    if (typeof rfkId !== 'string' || rfkId.trim() === '') throw new SearchError('MISSING_RFK_ID', searchMessages.trackRfkIdEmpty);
    const generated = useId();
    const { client } = useWidgetsContext();
    const identity = useMemo(
      () => ({ rfkId, type, entity, instanceId: instanceId ?? generated }),
      [rfkId, instanceId, generated],
    );
    useEffect(() => {
      const meta = { rfkId: identity.rfkId, entity, widgetType: type, instanceId: identity.instanceId };
      client.events.dispatch({ type: WidgetActionType.LOAD, ...meta });
      return () => client.events.dispatch({ type: WidgetActionType.UNLOAD, ...meta });
    }, [client, identity]);
    return (
      <WidgetContext.Provider value={identity}>
        <Component {...(rest as P)} />
      </WidgetContext.Provider>
    );
  }
  Widget.displayName = `widget(${Component.displayName ?? Component.name ?? 'Component'})`;
  Object.defineProperty(Widget, WRAPPED, { value: { type, entity } });
  return Widget;
}

/** The widget the calling component serves; throws with the fix outside {@link widget}. */
export function useWidget(): WidgetIdentity {
  const identity = useContext(WidgetContext);
  if (!identity) throw new SearchError('NO_WIDGET', searchMessages.noWidget);
  return identity;
}
