// Plant management types, from @helio/contracts (api/plants, tags, fleet): a plant's settings with the
// version that guards concurrent edits, plant/create's one-time gateway login, tags and the fleet summary.
export type {
  AttentionPlant,
  FleetSummary,
  PlantCreateRequest,
  PlantDetail,
  PlantSettings,
  PlantTag,
  TagColour,
  TariffCurrency,
} from '@helio/contracts';
