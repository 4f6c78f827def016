import React from 'react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ApiError, HelioProviders } from '@helio/shared-utils';
import { __fixtures, __setSignedIn, apiDownload, showToast } from '@helio/shared-utils/mock';
import { MonthlyReportDownload } from './monthly-report-download.component';
import { pastMonths } from './report-months';

function renderDownload(tagId: string | null) {
  render(
    <HelioProviders>
      <MonthlyReportDownload tagId={tagId} />
    </HelioProviders>,
  );
}

beforeEach(() => __setSignedIn());

describe('Report (PDF) on /analytics', () => {
  it('asks for last month of every plant by default, and for the chosen month and plant once chosen', async () => {
    renderDownload(null);
    const [lastMonth, monthBefore] = pastMonths(new Date());
    fireEvent.click(screen.getByTestId('report-download'));
    await waitFor(() =>
      expect(apiDownload).toHaveBeenLastCalledWith('reports/monthly', { month: lastMonth }, `helio-report-${lastMonth}.pdf`),
    );

    const plant = __fixtures.plants()[0] as { id: string };
    fireEvent.change(screen.getByTestId('report-month'), { target: { value: monthBefore } });
    fireEvent.change(await screen.findByTestId('report-plant'), { target: { value: plant.id } });
    fireEvent.click(screen.getByTestId('report-download'));
    await waitFor(() =>
      expect(apiDownload).toHaveBeenLastCalledWith(
        'reports/monthly',
        { month: monthBefore, plantId: plant.id },
        `helio-report-${monthBefore}.pdf`,
      ),
    );
  });

  it('reports the tag filter’s plants without a plant chosen, and says so when the download fails', async () => {
    renderDownload('tag-roofs');
    const [lastMonth] = pastMonths(new Date());
    expect(screen.getByRole('option', { name: 'Elektrárny se štítkem' })).toBeTruthy();
    apiDownload.mockRejectedValueOnce(new ApiError(500, 'InternalError', 'boom'));
    fireEvent.click(screen.getByTestId('report-download'));
    await waitFor(() =>
      expect(apiDownload).toHaveBeenLastCalledWith(
        'reports/monthly',
        { month: lastMonth, tagId: 'tag-roofs' },
        `helio-report-${lastMonth}.pdf`,
      ),
    );
    await waitFor(() =>
      expect(showToast).toHaveBeenCalledWith(expect.objectContaining({ intent: 'danger', message: 'Zprávu se nepodařilo stáhnout' })),
    );
  });
});
