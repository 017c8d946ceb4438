import { checkConstraintsTool } from './check-constraints.tool.js';
import { checkRegulationsTool } from './check-regulations.tool.js';
import { compareParcelsTool } from './compare-parcels.tool.js';
import { findAssembledSitesTool } from './find-assembled-sites.tool.js';
import { findSitesTool } from './find-sites.tool.js';
import { getParcelTool } from './get-parcel.tool.js';
import { listLayersTool } from './list-layers.tool.js';
import { listScenariosTool } from './list-scenarios.tool.js';
import { locateParcelTool } from './locate-parcel.tool.js';
import { marketComparablesTool } from './market-comparables.tool.js';
import { nearbyTool } from './nearby.tool.js';
import { parcelReportTool } from './parcel-report.tool.js';
import { siteReportTool } from './site-report.tool.js';
import { resolveRegionTool } from './resolve-region.tool.js';
import { searchParcelsTool } from './search-parcels.tool.js';
import type { AnyTool } from './tool-definition.js';

const TOOL_NAME = /^[a-z][a-z0-9_]{0,63}$/;

/** The tools one server offers, by name; checked once so a clash fails at start-up. */
export class ToolRegistry {
  private readonly byName = new Map<string, AnyTool>();

  constructor(tools: readonly AnyTool[]) {
    for (const tool of tools) {
      if (!TOOL_NAME.test(tool.name)) throw new Error(`Tool name "${tool.name}" must be snake_case, at most 64 characters.`);
      if (this.byName.has(tool.name)) throw new Error(`Tool "${tool.name}" is registered twice.`);
      if (tool.description.trim().length === 0) throw new Error(`Tool "${tool.name}" has no description.`);
      this.byName.set(tool.name, tool);
    }
  }

  list(): readonly AnyTool[] {
    return [...this.byName.values()];
  }

  get(name: string): AnyTool | undefined {
    return this.byName.get(name);
  }
}

/** The 13 tools of the spec, in the order of its tool table, then our additions (find_assembled_sites, site_report). */
export const TOOLS: readonly AnyTool[] = [
  searchParcelsTool,
  findSitesTool,
  listScenariosTool,
  locateParcelTool,
  resolveRegionTool,
  getParcelTool,
  checkRegulationsTool,
  checkConstraintsTool,
  nearbyTool,
  marketComparablesTool,
  compareParcelsTool,
  parcelReportTool,
  listLayersTool,
  findAssembledSitesTool,
  siteReportTool,
];
