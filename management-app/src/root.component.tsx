// Routes of the management app: the fleet dashboard, the plants, one plant's detail, one inverter, plant
// settings and plant tags; paths and the management module's wrapper come from the manifest.
import React, { lazy } from 'react';
import { ManifestRoutes } from '@helio/shared-utils';
import { manifest } from './manifest';
import './common/management.css';

const FleetPage = lazy(() => import(/* webpackChunkName: "fleet" */ './fleet/fleet.component'));
const TagsPage = lazy(() => import(/* webpackChunkName: "tags" */ './tags/tags.component'));
const PlantsPage = lazy(() => import(/* webpackChunkName: "plants" */ './plants/plants.component'));
const PlantDetailPage = lazy(() => import(/* webpackChunkName: "plant-detail" */ './plant-detail/plant-detail.component'));
const InverterDetailPage = lazy(() => import(/* webpackChunkName: "inverter-detail" */ './inverter-detail/inverter-detail.component'));
const PlantSettingsPage = lazy(() => import(/* webpackChunkName: "plant-settings" */ './plant-settings/plant-settings.component'));

export function Root() {
  return (
    <ManifestRoutes
      manifest={manifest}
      pages={{
        fleet: <FleetPage />,
        plants: <PlantsPage />,
        tags: <TagsPage />,
        plantDetail: <PlantDetailPage />,
        inverterDetail: <InverterDetailPage />,
        plantSettings: <PlantSettingsPage />,
      }}
    />
  );
}
