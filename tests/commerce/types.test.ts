import { describe, expectTypeOf, it } from 'vitest';
import type { CommerceClient, RequestOptions } from '../../src/commerce/index.ts';
import type { components } from '../../generated/commerce/schema.d.ts';

type Schemas = components['schemas'];

// Checked by `tsc` (npm test runs the typecheck); the calls never run.
describe('facade types derived from the contract', () => {
  it('types positional arguments and answers per operation', () => {
    expectTypeOf<CommerceClient['Orders']['List']>().parameters.toEqualTypeOf<
      [
        direction: 'Incoming' | 'Outgoing' | 'All',
        options?: Parameters<CommerceClient['Orders']['List']>[1],
        requestOptions?: RequestOptions,
      ]
    >();
    expectTypeOf<CommerceClient['Orders']['List']>().returns.resolves.toEqualTypeOf<Schemas['OrderListPage']>();
    expectTypeOf<CommerceClient['Orders']['Get']>().returns.resolves.toEqualTypeOf<Schemas['Order']>();
    expectTypeOf<CommerceClient['Orders']['Delete']>().returns.resolves.toEqualTypeOf<void>();
    expectTypeOf<CommerceClient['Orders']['Submit']>().parameters.toEqualTypeOf<
      [direction: 'Incoming' | 'Outgoing' | 'All', orderID: string, requestOptions?: RequestOptions]
    >();
    expectTypeOf<Parameters<CommerceClient['Orders']['Patch']>[2]>().toEqualTypeOf<Partial<Schemas['Order']>>();
    expectTypeOf<CommerceClient['Orders']['As']>().returns.toEqualTypeOf<Omit<CommerceClient['Orders'], 'As'>>();
  });

  it('rejects what the SDK would reject or mis-send', () => {
    const check = (client: CommerceClient) => {
      // @ts-expect-error: direction is an enum
      void client.Orders.List('incoming');
      // @ts-expect-error: a null filter is an error; use '!*'
      void client.Orders.List('All', { filters: { xp: { hasPaid: null } } });
      // @ts-expect-error: DeletePriceBreak requires its options ({ quantity })
      void client.PriceSchedules.DeletePriceBreak('ps1');
      // @ts-expect-error: Orders.Get takes no options object before the request options
      void client.Orders.Get('All', 'o1', { page: 2 }, {});
      void client.Orders.List('All', {
        searchOn: ['ID', 'Name'],
        sortBy: '!ID',
        filters: { ID: ['a*', '!b'], xp: { Size: 'L' } },
      });
    };
    expectTypeOf(check).toBeFunction();
  });
});
