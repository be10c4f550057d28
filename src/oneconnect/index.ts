export { createOneconnectClient, type OneconnectClient, type OneconnectOptions } from './client.ts';
export {
  loadBanners,
  parseCompactUtc,
  selectActiveBanners,
  type BannerState,
  type LoadBannersOptions,
} from './banners.ts';
export { ApiError, isApiError } from '../core/errors.ts';
export type { Banner } from '../../generated/oneconnect/model/banner.ts';
export type { BannerCloseEvents } from '../../generated/oneconnect/model/bannerCloseEvents.ts';
