// Routes of the management app: the fleet dashboard, the plants, one plant's detail, one inverter, plant
// settings and plant tags, all behind the management module's gate.
import React, { lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { FullScreenSpinner, HelioProviders, ModuleGate } from '@helio/shared-utils';
import './common/management.css';

// Opt in to v7 behaviour now: no deprecation warnings, no change when react-router moves on.
const ROUTER_FUTURE = { v7_startTransition: true, v7_relativeSplatPath: true } as const;

const FleetPage = lazy(() => import(/* webpackChunkName: "fleet" */ './fleet/fleet.component'));
const TagsPage = lazy(() => import(/* webpackChunkName: "tags" */ './tags/tags.component'));
const PlantsPage = lazy(() => import(/* webpackChunkName: "plants" */ './plants/plants.component'));
const PlantDetailPage = lazy(() => import(/* webpackChunkName: "plant-detail" */ './plant-detail/plant-detail.component'));
const InverterDetailPage = lazy(() => import(/* webpackChunkName: "inverter-detail" */ './inverter-detail/inverter-detail.component'));
const PlantSettingsPage = lazy(() => import(/* webpackChunkName: "plant-settings" */ './plant-settings/plant-settings.component'));

const gated = (page: React.ReactNode) => <ModuleGate module="management">{page}</ModuleGate>;

export function Root() {
  return (
    <HelioProviders>
      <BrowserRouter future={ROUTER_FUTURE}>
        <Suspense fallback={<FullScreenSpinner />}>
          <Routes>
            <Route path="/management" element={gated(<FleetPage />)} />
            <Route path="/management/plants" element={gated(<PlantsPage />)} />
            <Route path="/management/tags" element={gated(<TagsPage />)} />
            <Route path="/management/plants/:id" element={gated(<PlantDetailPage />)} />
            <Route path="/management/inverters/:id" element={gated(<InverterDetailPage />)} />
            <Route path="/plant/:id/settings" element={gated(<PlantSettingsPage />)} />
            <Route path="*" element={null} />
          </Routes>
        </Suspense>
      </BrowserRouter>
    </HelioProviders>
  );
}
