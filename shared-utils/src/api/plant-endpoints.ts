// Plant management types, from @helio/contracts (api/plants, tags, fleet): a plant's settings with the
// version that guards concurrent edits, plant/create's one-time gateway login, tags, the fleet summary
// and the plants table's pages.
export type {
  AttentionPlant,
  FleetFilter,
  FleetPage,
  FleetPageRequest,
  FleetPlant,
  FleetSortColumn,
  FleetSummary,
  PlantCreateRequest,
  PlantDetail,
  PlantSettings,
  PlantTag,
  TagColour,
  TariffCurrency,
} from '@helio/contracts';
