// From horizontal irradiance to the panel's plane: the beam by the angle of incidence, the sky's
// diffuse light by Hay and Davies (1980: a circumsolar part that follows the beam, the rest
// isotropic), the ground's reflection with a fixed albedo. Erbs et al. (1982) split a measured or
// forecast GHI into beam and diffuse when only GHI is known.
import type { Irradiance } from './clear-sky';
import type { SunPosition } from './position';

const RAD = Math.PI / 180;
const GROUND_ALBEDO = 0.2;

export interface PanelOrientation {
  /** Degrees from horizontal. */
  tiltDeg: number;
  /** Degrees from south, west positive. */
  azimuthDeg: number;
}

/** Cosine of the angle between the sun and the panel's normal (negative: the sun is behind the panel). */
export function cosIncidence(sun: SunPosition, panel: PanelOrientation): number {
  const z = sun.zenithDeg * RAD;
  const tilt = panel.tiltDeg * RAD;
  return Math.cos(z) * Math.cos(tilt) + Math.sin(z) * Math.sin(tilt) * Math.cos((sun.azimuthDeg - panel.azimuthDeg) * RAD);
}

/** Plane-of-array irradiance (W/m²), Hay–Davies sky diffuse. */
export function planeOfArray(irradiance: Irradiance, sun: SunPosition, panel: PanelOrientation, dniExtra: number): number {
  if (sun.elevationDeg <= 0 || irradiance.ghi <= 0) return 0;
  const cosAoi = Math.max(cosIncidence(sun, panel), 0);
  const cosZenith = Math.max(Math.cos(sun.zenithDeg * RAD), 0.01745);
  const tilt = panel.tiltDeg * RAD;
  const anisotropy = Math.min(Math.max(irradiance.dni / dniExtra, 0), 1);
  const skyDiffuse = Math.max(irradiance.dhi, 0) * (anisotropy * (cosAoi / cosZenith) + (1 - anisotropy) * ((1 + Math.cos(tilt)) / 2));
  const ground = irradiance.ghi * GROUND_ALBEDO * ((1 - Math.cos(tilt)) / 2);
  return Math.max(irradiance.dni, 0) * cosAoi + skyDiffuse + ground;
}

/** Beam and diffuse of a global horizontal irradiance, by the Erbs diffuse-fraction correlation. */
export function erbs(ghi: number, zenithDeg: number, dniExtra: number): Irradiance {
  const cosZenith = Math.cos(zenithDeg * RAD);
  if (ghi <= 0 || cosZenith <= 0.065) return { ghi: Math.max(ghi, 0), dni: 0, dhi: Math.max(ghi, 0) };
  const kt = Math.min(Math.max(ghi / (dniExtra * cosZenith), 0), 1);
  const diffuseFraction =
    kt <= 0.22 ? 1 - 0.09 * kt : kt <= 0.8 ? 0.9511 - 0.1604 * kt + 4.388 * kt ** 2 - 16.638 * kt ** 3 + 12.336 * kt ** 4 : 0.165;
  const dhi = ghi * diffuseFraction;
  return { ghi, dni: (ghi - dhi) / cosZenith, dhi };
}
