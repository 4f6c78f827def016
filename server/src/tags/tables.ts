// Plant tags (Kysely types): a tenant's named, coloured labels and which plants carry them.

export interface TagTable {
  id: string;
  tenant_id: string;
  name: string;
  /** The name folded (trimmed, lower case): unique per tenant, so "Roof" and "roof " are one tag. */
  name_key: string;
  /** A key of TAG_COLOURS. */
  colour: string;
  created_at: string;
  updated_at: string | null;
}

export interface PlantTagTable {
  plant_id: string;
  tag_id: string;
}

export type TagTables = {
  tags: TagTable;
  plant_tags: PlantTagTable;
};
