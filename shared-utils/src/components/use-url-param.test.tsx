import React from 'react';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation, useNavigationType } from 'react-router-dom';
import { ROUTER_FUTURE } from '../app-frame/router-future';
import { TAG_FILTER_PARAM, useUrlParam } from './use-url-param';

let setTag: (value: string | null) => void = () => undefined;

function TagProbe() {
  const [tag, set] = useUrlParam(TAG_FILTER_PARAM);
  setTag = set;
  const location = useLocation();
  return (
    <p data-testid="probe" data-navigation={useNavigationType()}>
      {`${tag ?? 'none'} ${location.search}`}
    </p>
  );
}

const renderAt = (url: string) =>
  render(
    <MemoryRouter initialEntries={[url]} future={ROUTER_FUTURE}>
      <TagProbe />
    </MemoryRouter>,
  );

describe('a filter kept in the URL', () => {
  it('starts from the link it was opened with (shared or reloaded)', () => {
    renderAt('/analytics?tag=t-1&period=month');
    expect(screen.getByTestId('probe').textContent).toBe('t-1 ?tag=t-1&period=month');
  });

  it('writes a change into the URL, keeping the other parameters and replacing the history entry', () => {
    renderAt('/analytics?period=month');
    expect(screen.getByTestId('probe').textContent).toBe('none ?period=month');
    act(() => setTag('t-2'));
    expect(screen.getByTestId('probe').textContent).toBe('t-2 ?period=month&tag=t-2');
    expect(screen.getByTestId('probe').dataset.navigation).toBe('REPLACE');
    act(() => setTag(null));
    expect(screen.getByTestId('probe').textContent).toBe('none ?period=month');
  });
});
