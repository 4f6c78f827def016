import { fleetFilter, FIRST_QUERY, pageRequest, sortBy } from './plant-table';

describe('the plants table’s state', () => {
  it('asks for the first page of 25 plants by name when nothing is chosen', () => {
    expect(pageRequest(FIRST_QUERY)).toEqual({ filter: {}, sort: 'name', descending: false, page: 0, pageSize: 25 });
  });

  it('sends only the filters chosen, the search trimmed', () => {
    expect(fleetFilter({ search: '  plzen ', status: 'offline', tag: 't-roof' })).toEqual({
      search: 'plzen',
      status: 'offline',
      tag: 't-roof',
    });
    expect(fleetFilter({ search: '   ', status: 'all', tag: 'all' })).toEqual({});
  });

  it('flips the direction on a second click of the sorted column, and sorts another column ascending from page one', () => {
    const byName = sortBy({ ...FIRST_QUERY, page: 3 }, 'name');
    expect(byName).toMatchObject({ sort: 'name', descending: true, page: 0 });
    expect(sortBy(byName, 'todayEnergyKwh')).toMatchObject({ sort: 'todayEnergyKwh', descending: false, page: 0 });
    expect(pageRequest({ ...sortBy(byName, 'status'), page: 2, pageSize: 50 })).toEqual({
      filter: {},
      sort: 'status',
      descending: false,
      page: 2,
      pageSize: 50,
    });
  });
});
