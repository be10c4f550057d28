import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { queryOptions, useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { ContentClient, DictionaryData } from '../content/index.ts';
import { useContentClient } from '../content/react.tsx';
import { DEFAULT_LANGUAGE } from './language.ts';
import { siteConfig } from './siteConfig.ts';

// Every string the site itself shows (the frame, status and error messages, the not-found page,
// commerce and session texts) comes from the content platform's dictionary of the page's language,
// by key. The English below is each key's fallback only: it shows while a dictionary lacks the key
// (logged once per key in development) or when the dictionary service fails, and never otherwise.

/** The key of every string the site shows, with its English fallback (the `en` dictionary's phrase). */
export const ENGLISH = {
  'Frame.SkipLink': 'Skip to content',
  'Frame.MainNavigation': 'Main',
  'Frame.Copyright':
    '© Aerospace & Defence Group. Designs, builds and supports aircraft, satellites and mission systems.',
  'Frame.CookieSettings': 'Cookie settings',
  'Nav.Home': 'Home',
  'Nav.Capabilities': 'Capabilities',
  'Nav.News': 'News',
  'Nav.Cart': 'Cart',
  'Nav.Careers': 'Careers',
  'Nav.Account': 'Account',
  'Language.Switcher': 'Language',
  'Search.Label': 'Search the site',
  'Search.HeaderForm': 'Site search',
  'Search.Placeholder': 'Search',
  'Search.Results.Region': 'Search results',
  'Search.Results.Field': 'Search',
  'Search.Results.Submit': 'Search',
  'Search.Results.SortBy': 'Sort by',
  'Search.Results.Relevance': 'Relevance',
  'Search.Results.PerPage': 'Results per page',
  'Search.Results.Count': '{count} results',
  'Search.Results.SelectedFilters': 'Selected filters',
  'Search.Results.RemoveFilter': 'Remove filter: {label}',
  'Search.Results.ClearFilters': 'Clear filters',
  'Search.Results.Pagination': 'Pagination',
  'Search.Results.Previous': 'Previous',
  'Search.Results.Next': 'Next',
  'Search.Suggestions': 'Suggestions',
  'Search.SuggestedPages': 'Suggested pages',
  'Search.Recommended': 'Recommended for you',
  'Search.Questions': 'Questions and answers',
  'Search.RelatedQuestions': 'Related questions',
  'Search.Promotion': 'Promotion',
  'Search.Unavailable': 'Search is unavailable just now.',
  'Session.SignIn': 'Sign in',
  'Session.SignOut': 'Sign out',
  'Session.Unknown': 'We could not check whether you are signed in just now.',
  'Session.SignInUnavailable': 'Sign-in is unavailable right now. Please try again in a few minutes.',
  'Service.TryAgain': 'Try again',
  'Service.TryingAgain': 'Trying again…',
  'Page.Loading': 'Loading…',
  'Page.LoadingNext': 'Loading the next page',
  'Page.LoadFailedHeading': 'This page could not be loaded',
  'Page.LoadFailed': 'We could not load this page just now.',
  'NotFound.Heading': 'Page not found',
  'NotFound.Text': 'The page you asked for does not exist.',
  'NotFound.HomeLink': 'Go to the home page',
  'Banners.Label': 'Announcements',
  'Banners.Dismiss': 'Dismiss: {title}',
  'Article.Views': '{count} views',
  'Article.Like': 'Like',
  'Article.Liked': 'Liked',
  'Product.Loading': 'Loading product…',
  'Product.Unavailable': 'Product unavailable',
  'Product.LoadFailed': 'We could not load this product just now.',
  'Product.NotFound': 'There is no product at this address.',
  'Product.Id': 'Product ID',
  'Product.Multiple': 'Sold in multiples of',
  'Product.AddFailed': 'Could not add to cart: {message}',
  'Cart.Loading': 'Loading cart…',
  'Cart.SessionUnknown': 'Your cart will show once we can.',
  'Cart.SignInPrompt': 'Sign in to see your cart.',
  'Cart.LoadFailed': 'We could not load your cart just now.',
  'Cart.NotFound': 'We could not find your cart.',
  'Cart.Caption': 'Items in your cart',
  'Cart.Product': 'Product',
  'Cart.Quantity': 'Quantity',
  'Cart.LineTotal': 'Line total',
  'Cart.Total': 'Total: {amount}',
  'Cart.Subtotal': 'Subtotal',
  'Cart.Discount': 'Discount',
  'Cart.Shipping': 'Shipping',
  'Cart.Tax': 'Tax',
  'Cart.AtCheckout': 'Calculated at checkout',
  'Account.ValidUntil': 'Session valid until {date}.',
  'SignIn.Heading': 'Sign in',
  'SignIn.Form': 'Sign in with your account',
  'SignIn.Username': 'Username',
  'SignIn.Password': 'Password',
  'SignIn.Submit': 'Sign in',
  'SignIn.WithProvider': 'Sign in with {provider}',
  'SignIn.Error.OtherAccount': 'Try signing in with a different account.',
  'SignIn.Error.AccountNotLinked': 'To confirm your identity, sign in with the same account you used originally.',
  'SignIn.Error.EmailSignin': 'The e-mail could not be sent.',
  'SignIn.Error.CredentialsSignin': 'Sign in failed. Check the details you provided are correct.',
  'SignIn.Error.SessionRequired': 'Please sign in to access this page.',
  'SignIn.Error.Default': 'Unable to sign in.',
  'AuthError.Configuration.Heading': 'Server error',
  'AuthError.Configuration.Text': 'There is a problem with the server configuration.\nPlease try again later.',
  'AuthError.AccessDenied.Heading': 'Access Denied',
  'AuthError.AccessDenied.Text': 'You do not have permission to sign in.',
  'AuthError.Verification.Heading': 'Unable to sign in',
  'AuthError.Verification.Text':
    'The sign in link is no longer valid.\nIt may have been used already or it may have expired.',
  'AuthError.Default.Heading': 'Error',
  'AuthError.Default.Text': 'Something went wrong while signing you in. Please try again later.',
} as const;

/** A key of the site's dictionary. */
export type TextKey = keyof typeof ENGLISH;

/** The phrases of one language, key → text. */
type Phrases = Readonly<Record<string, string>>;

/** Values for a phrase's `{name}` slots. */
export type PhraseValues = Readonly<Record<string, string | number>>;

/** Gives the text of a key in the page's language, its `{name}` slots filled from `values`. */
export type Translate = (key: TextKey, values?: PhraseValues) => string;

const reported = new Set<string>();

/**
 * The text of `key` in `phrases` (a loaded dictionary), its `{name}` slots filled from `values`; the
 * English fallback when `phrases` lacks the key (logged once per key and language in development) or
 * when there is no dictionary (not loaded, or its service failed: nothing to log per key then).
 */
export function translate(
  phrases: Phrases | undefined,
  key: TextKey,
  values?: PhraseValues,
  language = DEFAULT_LANGUAGE,
): string {
  let text = phrases && Object.hasOwn(phrases, key) ? phrases[key] : undefined;
  if (text === undefined) {
    text = ENGLISH[key];
    if (phrases && import.meta.env.DEV && !reported.has(`${language}:${key}`)) {
      reported.add(`${language}:${key}`);
      console.warn(`[dictionary] no phrase "${key}" in the ${language} dictionary: showing the English text`);
    }
  }
  return values ? text.replace(/\{(\w+)\}/g, (slot, name: string) => String(values[name] ?? slot)) : text;
}

/**
 * The query of `language`'s dictionary from the content platform (the site's app, `sc_site`), as
 * React Query options (`queryOptions`): its key (host, site, language; never the API key) and how
 * it is fetched, one object for the hook and for the servers. The prerender and the editing host
 * store each page's dictionary under its `queryKey`, so hydration finds it. Fetched once per visit
 * and language.
 */
export function dictionaryQuery(client: Pick<ContentClient, 'transport' | 'site' | 'getDictionary'>, language: string) {
  return queryOptions({
    queryKey: ['content', 'dictionary', client.transport.baseUrl, client.site ?? '', language] as const,
    queryFn: ({ signal }): Promise<DictionaryData> =>
      client.getDictionary(client.site ?? siteConfig.contentSite, language, { signal }),
    staleTime: Infinity,
    placeholderData: undefined,
  });
}

/**
 * The dictionary of `language` ({@link dictionaryQuery}), asked for alongside the page's layout and
 * within the same deadline (the content client's). A failure is logged (the site's query cache) and
 * the English shows.
 */
export function useDictionaryQuery(language: string): UseQueryResult<DictionaryData, Error> {
  return useQuery(dictionaryQuery(useContentClient(), language));
}

interface DictionaryValue {
  language: string;
  phrases: Phrases | undefined;
}

const DictionaryContext = createContext<DictionaryValue>({ language: DEFAULT_LANGUAGE, phrases: undefined });

/**
 * Provides the dictionary of `language` (the language of the page shown) to the texts below it
 * ({@link useText}); until it is here, or when it failed, they show their English fallback.
 */
export function DictionaryProvider({ language, children }: { language: string; children: ReactNode }) {
  const phrases = useDictionaryQuery(language).data?.phrases;
  const value = useMemo(() => ({ language, phrases }), [language, phrases]);
  return <DictionaryContext.Provider value={value}>{children}</DictionaryContext.Provider>;
}

/** The language of the page shown (the default outside a {@link DictionaryProvider}). */
export function usePageLanguage(): string {
  return useContext(DictionaryContext).language;
}

/**
 * The text of each key in the page's language ({@link translate}): `t('NotFound.Heading')`,
 * `t('Article.Views', { count: 3 })`. Outside a {@link DictionaryProvider}, the English.
 */
export function useText(): Translate {
  const { language, phrases } = useContext(DictionaryContext);
  return useMemo<Translate>(() => (key, values) => translate(phrases, key, values, language), [phrases, language]);
}
