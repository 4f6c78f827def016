// An app's single-spa lifecycles from its root component: the app frame around it, and the shell's
// error panel in its place if it crashes (the rest of the console keeps working).
import React, { type ComponentType } from 'react';
import ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import type { LifeCycles } from 'single-spa';
import { AppErrorPanel } from '../components/app-error-panel';
import { HelioAppFrame, type AppFrameOptions } from './app-frame';

export function helioApplication(Root: ComponentType, options: AppFrameOptions = {}): LifeCycles {
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
  return { bootstrap, mount, unmount };
}
