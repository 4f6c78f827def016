// A card of labelled facts (a plant's, an inverter's identity): one row a fact, label then value.
import React, { type ReactNode } from 'react';
import { Card, H4, HTMLTable } from '@blueprintjs/core';

export type Fact = readonly [label: string, value: ReactNode];

export function FactsCard({ title, facts, testId }: { title: string; facts: readonly Fact[]; testId?: string }) {
  return (
    <Card data-testid={testId}>
      <H4>{title}</H4>
      <HTMLTable compact className="helio-management-facts">
        <tbody>
          {facts.map(([label, value]) => (
            <tr key={label}>
              <th>{label}</th>
              <td>{value}</td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </Card>
  );
}
