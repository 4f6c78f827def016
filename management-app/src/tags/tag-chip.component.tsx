// A tag as the tables show it: its name on its palette colour. `multiline`: an ellipsizing Tag measures
// itself after every render (a forced layout per tag), which made a 25-row page re-render take 100+ ms.
import { Tag } from '@blueprintjs/core';
import type { PlantTag } from '@helio/shared-utils';
import { TAG_PALETTE } from './tag-colours';

export function TagChip({ tag }: { tag: Pick<PlantTag, 'name' | 'colour'> }) {
  return (
    <Tag round multiline style={{ backgroundColor: TAG_PALETTE[tag.colour] }} className="helio-management-tag" data-testid="tag-chip">
      {tag.name}
    </Tag>
  );
}
