// An app's single-spa lifecycles from its root component: the app frame around it, and the shell's
// error panel in its place if it crashes (the rest of the console keeps working).
import React, { type ComponentType } from 'react';
import ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import type { LifeCycles } from 'single-spa';
import { AppErrorPanel } from '../components/app-error-panel';
import { HelioAppFrame, type AppFrameOptions } from './app-frame';

export interface HelioApplicationOptions extends AppFrameOptions {
  /**
   * Waited for before each mount (its failure ignored): what the page of the URL needs to render
   * without suspending, such as its chunk (lazy-page.tsx).
   */
  preload?: () => Promise<unknown>;
}

export function helioApplication(Root: ComponentType, { preload, ...options }: HelioApplicationOptions = {}): LifeCycles {
  const FramedRoot = () => (
    <HelioAppFrame {...options}>
      <Root />
    </HelioAppFrame>
  );
  const { bootstrap, mount, unmount } = singleSpaReact({
    React,
    ReactDOMClient,
    rootComponent: FramedRoot,
    errorBoundary: (error: Error) => <AppErrorPanel error={error} />,
  });
  if (!preload) return { bootstrap, mount, unmount };
  return {
    bootstrap,
    mount: async (props) => {
      await preload().catch(() => undefined);
      return mount(props);
    },
    unmount,
  };
}
