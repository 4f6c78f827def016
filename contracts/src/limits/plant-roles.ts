// A user's role on one plant, least first: viewer sees the plant; operator also changes device
// settings (desired state); owner also plant settings, the gateway login and who has access.
export const PLANT_ROLES = ['viewer', 'operator', 'owner'] as const;
export type PlantRole = (typeof PLANT_ROLES)[number];

export const isPlantRole = (value: string): value is PlantRole => (PLANT_ROLES as readonly string[]).includes(value);
