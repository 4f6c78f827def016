// A tag as the tables show it: its name on its palette colour.
import { Tag } from '@blueprintjs/core';
import type { PlantTag } from '@helio/shared-utils';
import { TAG_PALETTE } from './tag-colours';

export function TagChip({ tag }: { tag: Pick<PlantTag, 'name' | 'colour'> }) {
  return (
    <Tag round style={{ backgroundColor: TAG_PALETTE[tag.colour] }} className="helio-management-tag" data-testid="tag-chip">
      {tag.name}
    </Tag>
  );
}
