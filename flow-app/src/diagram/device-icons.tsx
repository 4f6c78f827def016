// Two device glyphs Blueprint's icon set lacks (a solar panel, a battery), drawn in its 20px style.
import React from 'react';

export function SolarPanelIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.5" aria-hidden="true">
      <circle cx="15.5" cy="3.5" r="2" />
      <path d="M4 8h12l2 7H2z" strokeLinejoin="round" />
      <path d="M7.3 8 6.5 15M12.7 8l.8 7M3 11.5h14" />
      <path d="M10 15v3M7 18h6" strokeLinecap="round" />
    </svg>
  );
}

export function BatteryIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.5" aria-hidden="true">
      <rect x="5" y="3.5" width="10" height="15" rx="1.5" />
      <path d="M8 1.5h4" strokeLinecap="round" />
      <path d="m10.8 6.5-2.6 4.2h3.6l-2.6 4.3" strokeLinejoin="round" strokeLinecap="round" />
    </svg>
  );
}
