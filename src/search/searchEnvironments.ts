/**
 * API domain per environment. Where the current (v3) service has a domain it is
 * used; dev and uat only exist on the earlier generation's domains (reference §1),
 * which is also what the contract's servers list.
 */
export const searchEnvironments = Object.freeze({
  dev: 'https://api-dev.rfksrv.com',
  staging: 'https://discover-staging.sitecore-staging.cloud',
  uat: 'https://api-uat.rfksrv.com',
  prod: 'https://discover.sitecorecloud.io',
  prodEu: 'https://discover-euc1.sitecorecloud.io',
  apse2: 'https://discover-apse2.sitecorecloud.io',
});

/** One of `dev, staging, uat, prod, prodEu, apse2`. */
export type SearchEnv = keyof typeof searchEnvironments;
