import 'systemjs-webpack-interop/auto-public-path';
import React from 'react';
import ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { AppErrorPanel } from '@helio/shared-utils';
import { Root } from './root.component';

const lifecycles = singleSpaReact({
  React,
  ReactDOMClient,
  rootComponent: Root,
  errorBoundary: (error) => <AppErrorPanel error={error} />,
});

export const { bootstrap, mount, unmount } = lifecycles;
