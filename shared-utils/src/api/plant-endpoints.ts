// Plant management calls, typed from @helio/contracts (api/plants, tags, fleet): a plant's settings
// with the version that guards concurrent edits, plant/create's one-time gateway login, plant tags and
// the fleet summary.
import type {
  AttentionPlant, FleetEndpoints, FleetSummary, PlantCreateRequest, PlantDetail, PlantEndpoints, PlantSettings, PlantTag, TagColour, TagEndpoints,
  TariffCurrency,
} from '@helio/contracts';

export type { PlantTag, TagColour };

export type { AttentionPlant, FleetSummary, PlantCreateRequest, PlantDetail, PlantSettings, TariffCurrency };

/** tag/create and tag/update answer 409 with `details.field = 'name'` for a name the organisation has. */
export interface PlantManagementEndpoints extends TagEndpoints, FleetEndpoints, PlantEndpoints {}
