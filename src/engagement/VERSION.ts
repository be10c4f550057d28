/** The reference SDK version this SDK stands in for; sent as `X-Library-Version` and exposed as `version`. */
export const VERSION = '1.4.3';
