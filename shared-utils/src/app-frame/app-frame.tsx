// What every app's pages sit in: the shared providers, the router, and a spinner while a lazy page
// loads. The single-spa lifecycles and the tests both use it, so a test renders what the app mounts.
import { Suspense, type ReactNode } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { FullScreenSpinner } from '../components/full-screen-spinner';
import { HelioProviders } from '../query/helio-providers';
import { ROUTER_FUTURE } from './router-future';

export interface AppFrameOptions {
  /** false for a parcel that follows single-spa navigation itself (the nav) */
  router?: boolean;
  /** what shows while a lazy page or its translations load */
  fallback?: ReactNode;
}

export function HelioAppFrame({ children, router = true, fallback }: AppFrameOptions & { children?: ReactNode }) {
  const content = <Suspense fallback={fallback ?? <FullScreenSpinner />}>{children}</Suspense>;
  return <HelioProviders>{router ? <BrowserRouter future={ROUTER_FUTURE}>{content}</BrowserRouter> : content}</HelioProviders>;
}
