import React from 'react';
import { act, render, screen } from '@testing-library/react';
import { ApiError, HelioProviders, type Shadow } from '@helio/shared-utils';
import { __fixtures, __setPlants, __setShadow, __setSignedIn } from '@helio/shared-utils/mock';
import { installXyflowJsdom } from '../testing/xyflow-jsdom';
import FlowPage from './flow.component';

const OLOMOUC = 'gw-olomouc-01'; // plant-2 of the fixtures: PV only

async function renderFlow() {
  render(
    <HelioProviders>
      <FlowPage />
    </HelioProviders>,
  );
  await act(() => Promise.resolve());
}

function emptyShadow(): Shadow {
  return {
    state: { reported: {}, desired: {}, delta: {} },
    metadata: { desired: {}, reported: {} },
    version: 0,
    timestamp: 0,
    hasDelta: false,
  };
}

beforeAll(installXyflowJsdom);

beforeEach(() => {
  localStorage.clear();
  __setSignedIn();
  localStorage.setItem('site', 'plant-2');
});

describe('the flow page', () => {
  it('draws five nodes, a missing battery and charger as notes in Czech', async () => {
    __setShadow(OLOMOUC, __fixtures.shadow());
    await renderFlow();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('Tok energie');
    for (const id of ['pv', 'grid', 'core', 'charger', 'battery']) expect(screen.getByTestId(`flow-node-${id}`)).toBeTruthy();
    expect(screen.getByTestId('flow-node-battery').textContent).toContain('Tato elektrárna nemá baterii.');
    expect(screen.getByTestId('flow-house-load').textContent).toBe('1,55\u00a0kW');
  });

  it('marks the house load stale after 60 s without a report', async () => {
    __setShadow(OLOMOUC, __fixtures.shadow({}, Date.now() - 61_000));
    await renderFlow();
    expect(screen.getByTestId('flow-house-stale').textContent).toBe('zastaralé');
  });

  it('waits for the gateway’s first report', async () => {
    __setShadow(OLOMOUC, emptyShadow());
    await renderFlow();
    expect(screen.getByTestId('flow-waiting')).toBeTruthy();
  });

  it('shows an error with retry when the shadow fails', async () => {
    __setShadow(OLOMOUC, new ApiError(500, 'InternalError', 'boom'));
    await renderFlow();
    expect(screen.getByTestId('error-panel')).toBeTruthy();
  });

  it('shows a clear empty state without a plant', async () => {
    __setPlants([]);
    await renderFlow();
    expect(screen.getByTestId('flow-no-plant')).toBeTruthy();
  });
});
