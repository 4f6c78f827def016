import { __fixtures } from '@helio/shared-utils/mock';
import { diagramEdges, diagramNodes, isValidFlowConnection, NODE_HANDLES, withReadings, type FlowNodeKind } from './diagram-model';
import { readingsOf } from './readings';

const fullPlant = { batteryKwh: 10, chargerKw: 11 };

describe('the diagram model', () => {
  it("has five nodes: PV, grid, core, charger and battery with the flow diagram's node kinds", () => {
    const nodes = diagramNodes(fullPlant);
    expect(nodes.map((n) => [n.id, n.type])).toEqual([
      ['pv', 'solarPanel'],
      ['grid', 'sharePoint'],
      ['core', 'house'],
      ['charger', 'charger'],
      ['battery', 'battery'],
    ]);
    expect(nodes.every((n) => n.data.id === n.id && n.data.label === `nodes.${n.id}`)).toBe(true);
  });

  it('stacks the nodes on a narrow screen so the diagram fits a phone within the zoom range (no node cut off)', () => {
    // node boxes as drawn (flow-nodes css: 168 px, the house 200 px; ~80 px high), fit-view padding 0.1
    const extent = (layout: 'wide' | 'narrow') => {
      const nodes = diagramNodes(fullPlant, layout);
      const right = Math.max(...nodes.map((n) => n.position.x + (n.id === 'core' ? 200 : 168)));
      const left = Math.min(...nodes.map((n) => n.position.x));
      return right - left;
    };
    const phoneCanvas = 326;
    expect(phoneCanvas / (extent('narrow') * 1.2)).toBeGreaterThanOrEqual(0.5);
    expect(phoneCanvas / (extent('wide') * 1.2)).toBeLessThan(0.5);
    expect(diagramNodes(fullPlant, 'narrow').map((n) => n.id)).toEqual(diagramNodes(fullPlant).map((n) => n.id));
  });

  it('keeps the slot of a missing battery or charger as a placeholder without an edge', () => {
    const nodes = diagramNodes({ batteryKwh: null, chargerKw: 0 });
    expect(nodes).toHaveLength(5);
    expect(nodes.filter((n) => n.type === 'placeholder').map((n) => n.data.text)).toEqual(['nodes.noCharger', 'nodes.noBattery']);
    expect(diagramEdges(nodes).map((e) => e.id)).toEqual(['edge-pv', 'edge-grid']);
  });

  it('joins every edge from a source handle to a target handle of the right kinds', () => {
    const nodes = diagramNodes(fullPlant);
    const kindOf = (id: string) => nodes.find((n) => n.id === id)?.type;
    const edges = diagramEdges(nodes);
    expect(edges.map((e) => `${e.source}:${e.sourceHandle}->${e.target}:${e.targetHandle}`)).toEqual([
      'pv:core->core:pv',
      'core:grid->grid:core',
      'core:charger->charger:core',
      'core:home->battery:core',
    ]);
    for (const e of edges)
      expect(isValidFlowConnection({ ...e, sourceHandle: e.sourceHandle ?? null, targetHandle: e.targetHandle ?? null }, kindOf)).toBe(
        true,
      );
    expect(edges.every((e) => e.type === 'power' && e.style?.strokeWidth === 2 && e.data?.isActive === false)).toBe(true);
  });

  it('puts the live values, directions and active flags on the edges', () => {
    const edges = withReadings(
      diagramEdges(diagramNodes(fullPlant)),
      readingsOf(__fixtures.shadow({ ActPwrEv: 0, ActPwrGrid: 900 }, 1000)),
    );
    const byId = Object.fromEntries(edges.map((e) => [e.id, e]));
    expect(byId['edge-pv'].data).toMatchObject({ isActive: true, flow: { watts: 3200, meaning: 'production' }, reportedAt: 1000 });
    expect(byId['edge-grid'].data).toMatchObject({ isActive: true, flow: { watts: 900, reversed: true, meaning: 'import' } });
    expect(byId['edge-battery'].data).toMatchObject({ isActive: true, flow: { watts: 1200, reversed: false, meaning: 'charge' } });
    expect(byId['edge-charger'].data).toMatchObject({ isActive: false, flow: { watts: 0, meaning: 'idle' } });
    expect(byId['edge-charger'].animated).toBe(false);
    expect(byId['edge-pv'].animated).toBe(true);
  });

  it('leaves an edge object untouched when its reading did not change, and user edges always', () => {
    const readings = readingsOf(__fixtures.shadow({}, 1000));
    const user = { id: 'user-1', source: 'pv', target: 'battery', sourceHandle: 'core', targetHandle: 'core', data: { isActive: false } };
    const once = withReadings([...diagramEdges(diagramNodes(fullPlant)), user], readings);
    const twice = withReadings(once, readings);
    twice.forEach((e, i) => expect(e).toBe(once[i]));
    expect(once[once.length - 1]).toBe(user);
  });

  describe('connections', () => {
    const kinds: Record<string, FlowNodeKind> = { pv: 'solarPanel', core: 'house', grid: 'sharePoint', note: 'placeholder' };
    const kindOf = (id: string) => kinds[id];

    it('accepts a source handle to a target handle', () => {
      expect(isValidFlowConnection({ source: 'pv', sourceHandle: 'core', target: 'core', targetHandle: 'pv' }, kindOf)).toBe(true);
      expect(isValidFlowConnection({ source: 'note', sourceHandle: 'left', target: 'note', targetHandle: 'right' }, kindOf)).toBe(true);
    });

    it('refuses the same handle of the same node', () => {
      expect(isValidFlowConnection({ source: 'pv', sourceHandle: 'core', target: 'pv', targetHandle: 'core' }, kindOf)).toBe(false);
    });

    it('refuses source to source, target to target, unknown handles and nodes', () => {
      expect(isValidFlowConnection({ source: 'pv', sourceHandle: 'core', target: 'core', targetHandle: 'grid' }, kindOf)).toBe(false);
      expect(isValidFlowConnection({ source: 'grid', sourceHandle: 'core', target: 'core', targetHandle: 'pv' }, kindOf)).toBe(false);
      expect(isValidFlowConnection({ source: 'pv', sourceHandle: null, target: 'core', targetHandle: 'pv' }, kindOf)).toBe(false);
      expect(isValidFlowConnection({ source: 'pv', sourceHandle: 'core', target: 'nowhere', targetHandle: 'pv' }, kindOf)).toBe(false);
    });

    it('gives every node kind the handles', () => {
      expect(NODE_HANDLES.battery).toEqual({ sources: [], targets: ['core'] });
      expect(NODE_HANDLES.sharePoint).toEqual({ sources: [], targets: ['core'] });
      expect(NODE_HANDLES.charger).toEqual({ sources: [], targets: ['core'] });
      expect(NODE_HANDLES.solarPanel.sources).toHaveLength(1);
      expect(NODE_HANDLES.house).toEqual({ sources: ['grid', 'charger', 'home'], targets: ['pv'] });
    });
  });
});
