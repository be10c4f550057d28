export { createOneconnectClient, type OneconnectClient, type OneconnectOptions } from './createOneconnectClient.ts';
export { loadBanners, type BannerState, type LoadBannersOptions } from './loadBanners.ts';
export { selectActiveBanners } from './selectActiveBanners.ts';
export { parseCompactUtc } from './parseCompactUtc.ts';
export { ApiError, isApiError } from '../core/ApiError.ts';
export type { Banner } from '../../generated/oneconnect/model/banner.ts';
export type { BannerCloseEvents } from '../../generated/oneconnect/model/bannerCloseEvents.ts';
