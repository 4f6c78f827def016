import React from 'react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ApiError, type AlertThresholds, HelioAppFrame } from '@helio/shared-utils';
import { __fixtures, __setSignedIn, apiPost, queryClient, showToast } from '@helio/shared-utils/mock';
import { plantDetail, registryPlant } from '../testing/fixtures';
import { Root } from '../root.component';

const PLANT = plantDetail({ id: 'plant-1', name: 'Brno – Líšeň', thingName: 'gw-brno-01' });
let thresholds: () => Promise<AlertThresholds>;
let saved: AlertThresholds[];

beforeEach(() => {
  queryClient.clear();
  __setSignedIn();
  saved = [];
  thresholds = async () => ({ plantId: 'plant-1', batterySocMin: 20, pvMinPercent: 12.5 });
  apiPost.mockImplementation((async (path: string, body: unknown) => {
    if (path === 'plant/list') return __fixtures.plants();
    if (path === 'hono/plants/get') return registryPlant({ id: 'plant-1' });
    if (path === 'plant/detail') return PLANT;
    if (path === 'notifications/thresholds/get') return thresholds();
    if (path === 'notifications/thresholds/save') {
      saved.push(body as AlertThresholds);
      return body;
    }
    throw new Error(`unexpected ${path}`);
  }) as unknown as typeof apiPost);
});

const input = (name: string) => document.querySelector<HTMLInputElement>(`#threshold-${name}`) as HTMLInputElement;
const section = () => screen.getByTestId('alert-thresholds');

async function openSettings() {
  window.history.pushState({}, '', '/plant/plant-1/settings');
  render(
    <HelioAppFrame>
      <Root />
    </HelioAppFrame>,
  );
  await screen.findByTestId('thresholds-form');
}

describe("the plant settings' alert thresholds", () => {
  it('shows the saved thresholds in Czech numbers and saves typed ones (decimal comma) for the plant', async () => {
    await openSettings();
    expect(input('batterySocMin').value).toBe('20');
    expect(input('pvMinPercent').value).toBe('12,5');
    fireEvent.change(input('batterySocMin'), { target: { value: '35' } });
    fireEvent.change(input('pvMinPercent'), { target: { value: '7,5' } });
    fireEvent.click(screen.getByTestId('thresholds-save'));
    await waitFor(() =>
      expect(showToast).toHaveBeenCalledWith(expect.objectContaining({ intent: 'success', message: 'Meze upozornění uloženy' })),
    );
    expect(saved).toEqual([{ plantId: 'plant-1', batterySocMin: 35, pvMinPercent: 7.5 }]);
    expect(input('pvMinPercent').value).toBe('7,5');
  });

  it('names each wrong field with its limits and sends nothing', async () => {
    await openSettings();
    fireEvent.change(input('batterySocMin'), { target: { value: '' } });
    fireEvent.change(input('pvMinPercent'), { target: { value: '95' } });
    fireEvent.click(screen.getByTestId('thresholds-save'));
    expect(within(section()).getByText('Vyplňte pole Minimální stav nabití baterie.')).toBeTruthy();
    expect(within(section()).getByText('Minimální výroba FVE musí být číslo od 1 do 90 %.')).toBeTruthy();
    expect(saved).toEqual([]);
  });

  it('says so to a user whose role has no notifications module, instead of a form', async () => {
    thresholds = async () => {
      throw new ApiError(403, 'Forbidden', 'no module');
    };
    window.history.pushState({}, '', '/plant/plant-1/settings');
    render(
      <HelioAppFrame>
        <Root />
      </HelioAppFrame>,
    );
    const section403 = await screen.findByTestId('alert-thresholds');
    expect(await within(section403).findByText('Meze upozornění vyžadují modul oznámení.')).toBeTruthy();
    expect(screen.queryByTestId('thresholds-form')).toBeNull();
  });
});
