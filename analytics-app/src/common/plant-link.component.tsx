// A plant's name linking to its comparison with its peers, inside the single-spa shell.
import React from 'react';
import { Link } from 'react-router-dom';

export const plantBenchmarkPath = (plantId: string) => `/analytics/benchmark/plant/${encodeURIComponent(plantId)}`;

export function PlantLink({ id, name }: { id: string; name: string }) {
  return (
    <Link to={plantBenchmarkPath(id)} data-testid="plant-link">
      {name}
    </Link>
  );
}
