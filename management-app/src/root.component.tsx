// Routes of the management app: the fleet dashboard, the plants, one plant's detail, one inverter, plant
// settings and plant tags; paths and the management module's wrapper come from the manifest.
import React from 'react';
import { lazyPage, ManifestRoutes, pagePreloader } from '@helio/shared-utils';
import { manifest } from './manifest';
import './common/management.css';

const FleetPage = lazyPage(() => import(/* webpackChunkName: "fleet" */ './fleet/fleet.component'));
const TagsPage = lazyPage(() => import(/* webpackChunkName: "tags" */ './tags/tags.component'));
const PlantsPage = lazyPage(() => import(/* webpackChunkName: "plants" */ './plants/plants.component'));
const PlantDetailPage = lazyPage(() => import(/* webpackChunkName: "plant-detail" */ './plant-detail/plant-detail.component'));
const InverterDetailPage = lazyPage(() => import(/* webpackChunkName: "inverter-detail" */ './inverter-detail/inverter-detail.component'));
const PlantSettingsPage = lazyPage(() => import(/* webpackChunkName: "plant-settings" */ './plant-settings/plant-settings.component'));

// The code helioApplication waits for: the page of the URL the app mounts on.
export const preloadPageAt = pagePreloader(manifest, {
  fleet: FleetPage,
  plants: PlantsPage,
  tags: TagsPage,
  plantDetail: PlantDetailPage,
  inverterDetail: InverterDetailPage,
  plantSettings: PlantSettingsPage,
});

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
