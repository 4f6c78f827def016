// /rc: remote control of the active plant: its settings as controls confirmed by the device, the
// command history, schedules, and fleet commands over a tag.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NonIdealState, Spinner, Tab, Tabs } from '@blueprintjs/core';
import { apiErrorText, PageHeader, PlantGate, useActivePlant, useMayCall } from '@helio/shared-utils';
import { ControlsPanel } from '../controls/controls-panel.component';
import { useRcState } from '../controls/controls.resource';
import { FleetPanel } from '../fleet/fleet.component';
import { HistoryPanel } from '../history/history.component';
import { useCommands } from '../history/history.resource';
import { SchedulesPanel } from '../schedules/schedules.component';
import '../rc-app.css';

type TabId = 'controls' | 'history' | 'schedules' | 'fleet';

function PlantRemoteControl({ plantId }: { plantId: string }) {
  const { t } = useTranslation('rc-app');
  const state = useRcState(plantId);
  const mayCommandFleet = useMayCall('rc/fleet/apply');
  // the history's own query (refreshed while open): a card tells its key's last request expired
  const commands = useCommands(plantId, { key: '', state: '' });
  const [tab, setTab] = useState<TabId>('controls');
  if (state.isError) return <NonIdealState icon="error" title={t('errors.state')} description={apiErrorText(state.error)} />;
  if (!state.data) return <Spinner aria-label={t('loading')} />;
  const data = state.data;
  return (
    <Tabs id="rc-tabs" selectedTabId={tab} onChange={(id) => setTab(id as TabId)} renderActiveTabPanelOnly large>
      <Tab id="controls" title={t('tabs.controls')} panel={<ControlsPanel state={data} commands={commands.data} />} />
      <Tab id="history" title={t('tabs.history')} panel={<HistoryPanel state={data} />} />
      <Tab id="schedules" title={t('tabs.schedules')} panel={<SchedulesPanel state={data} />} />
      {mayCommandFleet && <Tab id="fleet" title={t('tabs.fleet')} panel={<FleetPanel state={data} />} />}
    </Tabs>
  );
}

export default function RemoteControlPage() {
  const { t } = useTranslation('rc-app');
  const { plant } = useActivePlant();
  return (
    <div className="helio-rc-page" data-testid="rc-page">
      <PageHeader page="modules.rc" name={plant?.name} description={t('description')} />
      <PlantGate>{(active) => <PlantRemoteControl key={active.id} plantId={active.id} />}</PlantGate>
    </div>
  );
}
