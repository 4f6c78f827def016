// tag/list, tag/create, tag/update, tag/delete and plant/tags/set: a tenant's plant tags and their
// assignment in bulk.
import { Type, type Static } from '@sinclair/typebox';
import { MAX_BULK_PLANTS, MAX_BULK_TAGS, TAG_COLOURS, TAG_NAME_MAX } from '../limits/tags';
import { endpoint, Id, IdBody, NoBody, Nullable, strict, StringEnum, type EndpointTypes, access } from './common';

const TagColourSchema = StringEnum(TAG_COLOURS);
// Not only spaces: a name must show something.
const TagName = Type.String({ minLength: 1, maxLength: TAG_NAME_MAX, pattern: '\\S' });
const IdList = (maxItems: number) => Type.Array(Id, { maxItems, uniqueItems: true });

export const PlantTag = Type.Object({
  id: Type.String(),
  name: Type.String(),
  colour: TagColourSchema,
  /** Plants of the tenant that carry the tag. */
  plantCount: Type.Integer(),
  createdAt: Type.String(),
  updatedAt: Nullable(Type.String()),
});
export type PlantTag = Static<typeof PlantTag>;

export const tagEndpoints = {
  'tag/list': endpoint(NoBody, Type.Object({ tags: Type.Array(PlantTag), colours: Type.Array(TagColourSchema) }), access('plants:read')),
  'tag/create': endpoint(Type.Object({ name: TagName, colour: TagColourSchema }, strict), PlantTag, access('plants:write')),
  'tag/update': endpoint(
    Type.Object({ id: Id, name: Type.Optional(TagName), colour: Type.Optional(TagColourSchema) }, strict),
    PlantTag,
    access('plants:write', { tenantResources: [{ field: 'id', kind: 'tag' }] }),
  ),
  'tag/delete': endpoint(
    IdBody,
    Type.Object({ ok: Type.Boolean(), unassigned: Type.Integer() }),
    access('plants:write', { tenantResources: [{ field: 'id', kind: 'tag' }] }),
  ),
  'plant/tags/set': endpoint(
    Type.Object(
      {
        plantIds: Type.Array(Id, { minItems: 1, maxItems: MAX_BULK_PLANTS, uniqueItems: true }),
        add: Type.Optional(IdList(MAX_BULK_TAGS)),
        remove: Type.Optional(IdList(MAX_BULK_TAGS)),
      },
      strict,
    ),
    Type.Object({ added: Type.Integer(), removed: Type.Integer() }),
    access('plants:write'),
  ),
};
export type TagEndpoints = EndpointTypes<typeof tagEndpoints>;
