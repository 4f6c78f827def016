import React from 'react';
import { render, screen } from '@testing-library/react';
import { __fixtures, __setShadow, __setSignedIn, apiPost, HelioProviders } from '@helio/shared-utils/mock';
import { ThresholdsEditor } from './thresholds-editor.component';

const shadow = (reported: Record<string, unknown>) => ({
  state: { reported, desired: {}, delta: {} },
  metadata: { reported: {}, desired: {} },
  version: 3,
  timestamp: Date.now(),
  hasDelta: false,
});

const renderEditor = () => {
  const plants = __fixtures.plants();
  return render(
    <HelioProviders>
      <ThresholdsEditor plants={plants} initialPlantId={plants[0]?.id} />
    </HelioProviders>,
  );
};

beforeEach(() => {
  __setSignedIn();
  apiPost.mockImplementation((async (path: string, body: { plantId: string }) => {
    if (path === 'notifications/thresholds/get') return { plantId: body.plantId, batterySocMin: 20, pvMinPercent: 10 };
    throw new Error(`unexpected ${path}`);
  }) as unknown as typeof apiPost);
});

describe('the battery alert threshold', () => {
  it('names the battery’s own floor and that the alert opens under the lower of the two', async () => {
    __setShadow(__fixtures.plants()[0]!.thingName, shadow({ BatSoc: 40, BatSocMin: 10 }));
    renderEditor();
    const floor = await screen.findByTestId('threshold-battery-floor');
    expect(floor.textContent).toContain('na své spodní mezi 10 %');
    expect(floor.textContent).toContain('pod nižší z této hodnoty a spodní meze');
  });

  it('keeps the plain help where the battery reports no floor', async () => {
    __setShadow(__fixtures.plants()[0]!.thingName, shadow({ BatSoc: 40 }));
    renderEditor();
    expect(await screen.findByText('Upozornění na baterii vznikne pod tímto stavem nabití (0–100 %).')).toBeTruthy();
    expect(screen.queryByTestId('threshold-battery-floor')).toBeNull();
  });
});
