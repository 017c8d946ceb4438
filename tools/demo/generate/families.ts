/**
 * The registry of generator families, run by generate.ts in dependency order (a family runs after
 * every family in its dependsOn; ties keep the order of this list). Add a family by importing it
 * here and appending it to FAMILIES.
 */
import type { GeneratorFamily } from './family.js';
import { adminFamily } from './admin.js';
import { cadastreFamily } from './cadastre.js';
import { planningFamily } from './planning.js';
import { buildingsFamily } from './buildings.js';
import { addressesFamily } from './addresses.js';
import { terrainFamily } from './terrain.js';
import { marketFamily } from './market.js';

// ---- part 2 (environment, energy, transport, risk): import and append below -------------------
import { hydrographyFamily } from './hydrography.js';
import { environmentFamily } from './environment.js';
import { energyFamily } from './energy.js';
import { transportFamily } from './transport.js';
import { servicesFamily } from './services.js';
import { riskFamily } from './risk.js';

export const FAMILIES: readonly GeneratorFamily[] = [
  adminFamily,
  cadastreFamily,
  planningFamily,
  buildingsFamily,
  addressesFamily,
  terrainFamily,
  marketFamily,
  // ---- part 2 families ----
  hydrographyFamily,
  environmentFamily,
  energyFamily,
  transportFamily,
  servicesFamily,
  riskFamily,
];

export { orderFamilies } from './family.js';
